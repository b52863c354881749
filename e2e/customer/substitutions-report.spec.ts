import { expect, test } from '@playwright/test';
import { shoot } from './helpers';

test('substitutions: counter, ver planes toggle, Guardar sustituciones and Reportar un error', async ({ page }) => {
  // The OEM finder shows the OemSubstitutions area of the part number.
  await page.goto('/catalogo/catalog/v2/oem=43501802/searchOem');
  const panel = page.getByTestId('oem-substitutions');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Resultado búsqueda Nº parte 43501802' })).toBeVisible();
  await expect(panel.getByText(/^Sustituciones consultadas en los últimos 30 días: \d+$/)).toBeVisible();

  // 'ver planes' toggles the available queries with their expiry.
  await panel.getByRole('button', { name: 'ver planes' }).click();
  // A guest has none: the count without an expiry date ('(vencen el —)' is never shown).
  await expect(panel.getByText(/^Consultas disponibles: \d+$/)).toBeVisible();
  await expect(panel.getByText(/vencen el —/)).toHaveCount(0);
  await panel.getByRole('button', { name: 'ocultar planes' }).click();
  await expect(panel.getByText(/^Consultas disponibles: \d+/)).toHaveCount(0);

  // Selection and 'Guardar sustituciones'.
  await panel.getByRole('button', { name: 'Guardar sustituciones' }).click();
  await expect(page.getByText('Selecciona las sustituciones que quieres guardar.')).toBeVisible();
  await panel.getByRole('checkbox').first().check();
  await panel.getByRole('button', { name: 'Guardar sustituciones' }).click();
  await expect(page.getByText('Guardamos 1 sustitución del número de parte 43501802')).toBeVisible();

  // 'Reportar un error': required text, then the success message.
  await panel.getByRole('button', { name: 'Reportar un error' }).click();
  const dialog = page.getByRole('dialog', { name: /Reportar un error en las sustituciones de 43501802/ });
  await expect(dialog.getByPlaceholder('Escribe detalladamente cuál es el error...')).toBeVisible();
  await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(dialog.getByText('¡Este campo es requerido!')).toBeVisible();
  // Too long: the length rule says so (not 'requerido').
  await dialog.getByLabel('Describe el error').fill('x'.repeat(1025));
  await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(dialog.getByText('Debe tener como máximo 1.024 caracteres')).toBeVisible();
  await dialog.getByLabel('Describe el error').fill('La sustitución de Mann no corresponde a este número de parte.');
  await shoot(page, 'report-error');
  await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(page.getByText('Tu reporte ha sido enviado exitosamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A failing report shows the spec's failure text.
  await page.route('**/api/catalogo/catalogV2/reportSubstitutionError', (route) => route.fulfill({ status: 500, body: '{}' }));
  await panel.getByRole('button', { name: 'Reportar un error' }).click();
  await dialog.getByLabel('Describe el error').fill('Otro error');
  await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(dialog.getByText('Ocurrió un error al enviar el reporte.')).toBeVisible();
});
