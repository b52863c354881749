import { describe, it, expect } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { es } from './es.js';
import { t, interpolate, isMessageKey, chargingPlanTabKey, messageKeyOf, PLURAL, type MessageKey } from './format.js';
import { ErrorCodes, errorMessageKeys, errorCodeName, isErrorCode, type ErrorCodeName } from './codes.js';
import * as barrel from './index.js';

function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (node === null || typeof node !== 'object') return [[prefix, node]];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const allLeaves = leaves(es);

/**
 * Texts the specification quotes in Spanish, from both documents; where the spec's copy drops an accent or
 * the opening '¡' ('busqueda', 'asegurate', 'este bien escrito', 'Ocurrío', 'valida', 'invalido', 'mas
 * tarde'), the catalogue writes it as Spanish requires and this list follows the catalogue.
 */
const verbatimSpecTexts = [
  '* La opción de búsqueda en diagrama de partes, no está disponible para este vehículo.',
  'Agregado a lista de cotización',
  'Agregar a cotización',
  'Agregar',
  'Asegúrate de escribir la placa de tu vehículo correctamente.',
  'Año inválido',
  'Buscar por marca o número de parte',
  'Cantidad de piezas contenidas en el vehículo',
  'Cantidad',
  'Comprar',
  'Confirmando disponibilidad. Espera respuesta en tu WhatsApp',
  'Confirmar',
  'Consultas disponibles',
  'Contáctanos para obtener más información de esta funcionalidad premium.',
  'Continuar',
  'Crear vehículo',
  'Debes aceptar los términos y condiciones para continuar con el pedido',
  'Debes validar el Captcha',
  'Descargar',
  'Detallado',
  'Diligencia los datos del vehículo en el siguiente formulario.',
  'El VIN debe contener 17 caracteres',
  'El VIN debe contener 17 caracteres, asegúrate de ingresar el VIN de acuerdo con los documentos de registro de tu automóvil.',
  'El VIN debe ser de 17 caracteres',
  'El VIN no es válido',
  'El número de parte {n} no está disponible',
  'El producto seleccionado no está disponible',
  'En este momento no tenemos planes para el tipo de consulta que seleccionaste.',
  'Error al consultar el vehículo',
  'Escribe detalladamente cuál es el error...',
  '¡Este campo es requerido!',
  'Grupos',
  'Guardar sustituciones',
  'Guardar',
  'Hay varias opciones disponibles para su vehículo, elija la correcta.',
  'Información próximamente disponible',
  'Ingresa el número de parte para buscar',
  'Ingresa el número de parte que deseas buscar.',
  'Ingresar',
  'La actividad se agendó exitosamente.',
  'La búsqueda debe contener mínimo 3 caracteres.',
  'La cantidad debe ser mayor a cero',
  'La placa del vehículo debe contener 6 caracteres.',
  'La placa no es válida',
  'Mostrar más',
  'Más información',
  'No hay resultados para mostrar',
  'No hay suficientes datos.',
  'No podemos procesar tu solicitud en este momento',
  'No se encontraron vehículos',
  'Nº de parte no encontrado: No tenemos registrado "{n}" en nuestro catálogo de autopartes originales.',
  'Número de parte {n} no fue encontrado',
  'Ocurrió un error al buscar el número de parte',
  'Ocurrió un error al cargar los vehículos, intenta más tarde',
  'Ocurrió un error al enviar el reporte.',
  'Ocurrió un error al procesar la petición, por favor intente más tarde.',
  '¡Ocurrió un error al procesar la solicitud!',
  'Ocurrió un error al procesar tu solicitud, por favor, intenta más tarde.',
  'Ocurrió un error en la solicitud',
  'Otros números de parte relacionados',
  'Para ver el catálogo de este vehículo debes iniciar sesión o crear una cuenta.',
  'Pero encontramos sustituciones para otros fabricantes',
  'Placa {plate} no encontrada',
  'Planes de suscripción',
  'Por favor intenta realizar la búsqueda nuevamente más tarde.',
  'Por favor utiliza otros filtros para la búsqueda.',
  'Pregunta enviada exitosamente',
  'Programar una actividad en tu agenda',
  'Recargar',
  'Reportar un error',
  'Resultado búsqueda Nº parte {n}',
  'Resultado de búsqueda',
  'Revisa la información ingresada y vuelve a intentarlo.',
  'Revisa que esté bien escrito y vuelve a intentarlo.',
  'Solicita una cotización',
  'Solicitar Autoparte',
  'Solicitud enviada',
  'Sustituciones',
  'Trabajaremos en la solución de este inconveniente para brindarte una mejor experiencia.',
  'Tu reporte ha sido enviado exitosamente',
  'Vehículo creado en tu garaje',
  'Ver Nº Parte',
  'Ver planes',
  'Ver todo',
  'Verifica que hayas escrito bien la placa o intenta buscar la autoparte en nuestro catálogo de repuestos.',
  'Verifica que hayas escrito correctamente la placa del vehículo.',
  'Verificar compatibilidad',
  'ver planes',
  'ya fue agregado',
  '¡Correcto!',
  '¡Vaya!, parece que no hay información para mostrar.',
  'Pendiente',
  'Realizado',
  'Cancelar',
  'Buscar',
];

describe('es message catalogue', () => {
  it('has only non-empty string leaves', () => {
    expect(allLeaves.length).toBeGreaterThan(100);
    for (const [path, value] of allLeaves) {
      expect({ path, type: typeof value }).toEqual({ path, type: 'string' });
      expect({ path, empty: (value as string).trim() === '' }).toEqual({ path, empty: false });
    }
  });

  it('uses English camelCase keys', () => {
    for (const [path] of allLeaves) {
      for (const part of path.split('.')) expect(part).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
  });

  it('does not repeat a text under two keys of the same area', () => {
    const duplicates: string[] = [];
    for (const [area, node] of Object.entries(es)) {
      const seen = new Map<string, string>();
      for (const [key, text] of leaves(node)) {
        const other = seen.get(text as string);
        if (other) duplicates.push(`${area}.${other} = ${area}.${key}`);
        else seen.set(text as string, key);
      }
    }
    expect(duplicates).toEqual([]);
  });

  it('writes placeholders only as {name}, and plurals as ICU plural messages', () => {
    for (const [path, value] of allLeaves) {
      const braces = (value as string)
        .replace(PLURAL, (_whole, _name, branches: string) =>
          branches.replace(/(=\d+|zero|one|two|few|many|other)\s*\{((?:[^{}]|\{\w+\})*)\}/g, '$2'),
        )
        .replace(/\{\w+\}/g, '');
      expect({ path, stray: /[{}]/.test(braces) }).toEqual({ path, stray: false });
    }
  });

  it('holds the texts the specification quotes, verbatim', () => {
    const texts = new Set(allLeaves.map(([, v]) => v));
    const missing = verbatimSpecTexts.filter((text) => !texts.has(text));
    expect(missing).toEqual([]);
  });

  it('keeps the exact spec texts under their keys', () => {
    expect(es.quotation.quantityMustBePositive).toBe('La cantidad debe ser mayor a cero');
    expect(es.plate.captchaRequired).toBe('Debes validar el Captcha');
    expect(es.availability.requestQuotation).toBe('Solicita una cotización');
    expect(es.availability.addToQuotation).toBe('Agregar a cotización');
    expect(es.substitutions.modalTitle).toBe('Resultado búsqueda Nº parte {n}');
    expect(es.validation.required).toBe('¡Este campo es requerido!');
  });

  it('has a tab label for each charging-plan key', () => {
    const planKeys = [
      'plate_consultations',
      'catalog_consultations',
      'substitutions_consultations',
      'general_inquiries',
      'store_implementation',
      'product_images',
      'credit_studies',
      'credit_requests',
      'orders',
    ];
    for (const planKey of planKeys) expect(chargingPlanTabKey(planKey)).toBeDefined();
    expect(Object.keys(es.plans.tabs)).toHaveLength(10);
    expect(chargingPlanTabKey('plate_consultations')).toBe('plans.tabs.plateConsultations');
    expect(t(chargingPlanTabKey('orders')!)).toBe('Pedidos');
    expect(chargingPlanTabKey('unknown_plan')).toBeUndefined();
  });

  it('gives the Spanish rendering of the English compatibility question', () => {
    expect(t('compatibility.question', { brand: 'Mazda', model: '3', year: 2019 })).toBe(
      '¿Este producto es compatible con mi vehículo Mazda - 3 - 2019?',
    );
  });
});

describe('t and interpolate', () => {
  it('looks up a text without parameters', () => {
    expect(t('emptyStates.noResults')).toBe('No hay resultados para mostrar');
    expect(t('plans.tabs.creditStudies')).toBe('Estudios de crédito');
  });

  it('fills placeholders, numbers included', () => {
    expect(t('quotation.quantityExceedsStock', { quantity: 4 })).toBe(
      'La cantidad disponible es de 4 unidades. Intenta con una cantidad menor.',
    );
    expect(t('plate.notFound', { plate: 'ABC123' })).toBe('Placa ABC123 no encontrada');
    expect(t('auth.tooManyAttempts', { minutes: 15 })).toBe('Demasiados intentos. Intenta de nuevo en 15 minutos.');
    expect(t('catalog.viewing', { shown: 25, total: 130 })).toBe('Viendo 25 de 130');
    expect(t('validation.minLength', { min: 0 })).toBe('Debe tener al menos 0 caracteres');
  });

  it('agrees in number through Intl.PluralRules (one / other)', () => {
    expect(t('customerConsole.resultsCount', { count: 1 })).toBe('1 producto');
    expect(t('customerConsole.resultsCount', { count: 2 })).toBe('2 productos');
    expect(t('customerConsole.resultsCount', { count: 0 })).toBe('0 productos');
    expect(t('customerConsole.resultsCount', { count: 1250 })).toBe('1.250 productos');
    expect(t('garage.vehicleCount', { count: 1 })).toBe('1 vehículo');
    expect(t('customerConsole.quoteCartCount', { count: 1 })).toBe('1 pieza');
    expect(t('quotation.quantityExceedsStock', { quantity: 1 })).toBe(
      'La cantidad disponible es de 1 unidad. Intenta con una cantidad menor.',
    );
    expect(t('validation.maxLength', { max: 1024 })).toBe('Debe tener como máximo 1.024 caracteres');
    expect(t('vehicleForm.garageSearchPlaceholder', { count: 0 })).toBe('Aún no tienes vehículos en tu garaje');
    expect(t('customerConsole.freeSearchesLeft', { count: 1 })).toBe('Te queda 1 consulta gratis');
    expect(t('plans.trialCredited', { amount: 1, date: '05/03/2026' })).toBe(
      'Te abonamos 1 consulta de prueba, válida hasta el 05/03/2026.',
    );
    // A missing count leaves the message as it is rather than guessing a form.
    expect(t('customerConsole.resultsCount')).toBe('{count, plural, one {# producto} other {# productos}}');
  });

  it('never puts a number before a plural noun without a plural form ("1 productos")', () => {
    const bare = allLeaves.filter(([, v]) =>
      /\{(count|amount|quantity|max|min|days|hours|minutes)\} [a-záéíóúñ]+s\b/.test((v as string).replace(PLURAL, '')),
    );
    expect(bare.map(([path]) => path)).toEqual([]);
  });

  it('leaves unknown or missing placeholders as they are', () => {
    expect(t('substitutions.modalTitle')).toBe('Resultado búsqueda Nº parte {n}');
    expect(t('substitutions.modalTitle', { other: 'x' })).toBe('Resultado búsqueda Nº parte {n}');
    expect(interpolate('{a} y {b}', { a: 1 })).toBe('1 y {b}');
    expect(interpolate('{toString}', {})).toBe('{toString}');
  });

  it('does not re-interpolate inserted values', () => {
    expect(interpolate('{a} {b}', { a: '{b}', b: 'x' })).toBe('{b} x');
  });

  it('types keys as dotted leaf paths', () => {
    const key: MessageKey = 'quotation.quantityMustBePositive';
    expect(t(key)).toBe('La cantidad debe ser mayor a cero');
    // @ts-expect-error an area is not a leaf
    expect(t('quotation')).toBe('quotation');
    // @ts-expect-error unknown key
    expect(t('quotation.nope')).toBe('quotation.nope');
  });

  it('returns the key for a key unknown at run time', () => {
    expect(t('nope.nothing' as MessageKey)).toBe('nope.nothing');
    expect(t('plans.tabs' as MessageKey)).toBe('plans.tabs');
    expect(isMessageKey('common.save')).toBe(true);
    expect(isMessageKey('common')).toBe(false);
  });
});

describe('messageKeyOf: which catalogue message a text is', () => {
  it('finds a plain message, one with its placeholders filled and one with a plural form chosen', () => {
    expect(messageKeyOf(t('validation.nulCharacter'))).toBe('validation.nulCharacter');
    expect(messageKeyOf(t('validation.tooDeep', { max: 64 }))).toBe('validation.tooDeep');
    expect(messageKeyOf(t('agenda.minutesBefore', { count: 1 }))).toBe('agenda.minutesBefore');
    expect(messageKeyOf(t('agenda.minutesBefore', { count: 1250 }))).toBe('agenda.minutesBefore');
  });

  it('knows every message of the catalogue, its placeholders filled', () => {
    const filled = (message: string) => Object.fromEntries([...message.matchAll(/\{(\w+)/g)].map((m) => [m[1]!, 3]));
    const missed = allLeaves.filter(([key, message]) => messageKeyOf(t(key as MessageKey, filled(String(message)))) === undefined);
    expect(missed.map(([key]) => key)).toEqual([]);
  });

  it('is where every error text of the contracts comes from: no Spanish literal beside a schema', () => {
    const root = join(import.meta.dirname, '..');
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [join(dir, e.name)] : [],
      );
    const literals = sources(root).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b(?:error|message):\s*'([^']*[a-záéíóúñ][^']*)'/gi)]
        .filter((m) => messageKeyOf(m[1]!) === undefined)
        .map((m) => `${file.slice(root.length)}: ${m[1]}`),
    );
    expect(literals).toEqual([]);
  });

  it('refuses what is no message: an English library error, a plural block with a form it does not have, a part of one', () => {
    expect(messageKeyOf('Invalid input: expected string, received undefined')).toBeUndefined();
    expect(messageKeyOf('Required')).toBeUndefined();
    expect(messageKeyOf('3 bananas antes')).toBeUndefined();
    expect(messageKeyOf('Los textos no pueden contener')).toBeUndefined();
    expect(messageKeyOf('')).toBeUndefined();
  });
});

describe('error codes', () => {
  it('carries the English messages of the specification', () => {
    expect(ErrorCodes.LOGIN_REQUIRED).toBe('Login required');
    expect(ErrorCodes.EXHAUSTED_SUBSTITUTIONS).toBe('Exhausted substitutions inquiries');
    expect(ErrorCodes.EXHAUSTED_CATALOG).toBe('Exhausted catalog inquiries');
    expect(ErrorCodes.EXHAUSTED_PLATE).toBe('Exhausted license plate inquiries');
    expect(ErrorCodes.VIN_LENGTH).toBe('VIN must have 17 digits');
  });

  it('has unique values and a Spanish text for each code', () => {
    const values = Object.values(ErrorCodes);
    expect(new Set(values).size).toBe(values.length);
    for (const name of Object.keys(ErrorCodes) as ErrorCodeName[]) {
      expect(isMessageKey(errorMessageKeys[name])).toBe(true);
      expect(errorCodeName(ErrorCodes[name])).toBe(name);
    }
    expect(isErrorCode('Login required')).toBe(true);
    expect(isErrorCode('login required')).toBe(false);
  });

  it('is re-exported by the index', () => {
    expect(barrel.es).toBe(es);
    expect(barrel.t).toBe(t);
    expect(barrel.ErrorCodes).toBe(ErrorCodes);
  });
});
