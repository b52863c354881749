import { ConfigError, createLogger, loadConfig } from '@tuerca/platform';
import { startApp } from './bootstrap.js';

try {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  await startApp(config, logger);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Tuerca cannot start: ${err.message}`);
  } else {
    console.error('Tuerca cannot start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
}
