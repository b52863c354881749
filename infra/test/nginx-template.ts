/**
 * The edge's nginx template as the nginx image renders it (its envsubst templates: every
 * /etc/nginx/templates/*.template into /etc/nginx/conf.d/ at start). The compose test reads it rendered
 * with docker-compose's values; the topology test renders it for processes on loopback and runs it.
 */
export const NGINX_TEMPLATE = 'infra/nginx/templates/tuerca.conf.template';

/** `${NAME}` variables a template uses (envsubst's syntax; nginx's own `$name` variables are left alone). */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!))];
}

/** What envsubst does with the variables the environment defines: replaces those, leaves any other text as it is. */
export function renderTemplate(template: string, env: Record<string, string | undefined>): string {
  return template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => env[name] ?? whole);
}
