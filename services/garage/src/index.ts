export { GarageModule } from './garage.module.js';
export { garageDatabase } from './garage.database.js';
export { seedGarage } from './demo/seed-garage.js';
export { garageConfig, type GarageConfig } from './garage.config.js';
