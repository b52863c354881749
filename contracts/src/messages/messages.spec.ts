import { describe, it, expect } from '@jest/globals';
import { es } from './es.js';
import { t, interpolate, isMessageKey, chargingPlanTabKey, type MessageKey } from './format.js';
import { ErrorCodes, errorMessageKeys, errorCodeName, isErrorCode, type ErrorCodeName } from './codes.js';
import * as barrel from './index.js';

function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (node === null || typeof node !== 'object') return [[prefix, node]];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const allLeaves = leaves(es);

/** Texts the specification quotes in Spanish, copied verbatim from both documents. */
const verbatimSpecTexts = [
  '* La opción de búsqueda en diagrama de partes, no está disponible para este vehículo.',
  'Agregado a lista de cotización',
  'Agregar a cotización',
  'Agregar',
  'Asegúrate de escribir la placa de tu vehículo correctamente.',
  'Año invalido',
  'Buscar por marca o número de parte',
  'Cantidad de piezas contenidas en el vehículo',
  'Cantidad',
  'Comprar',
  'Confirmando disponibilidad. Espera respuesta en tu WhatsApp',
  'Confirmar',
  'Consultas disponibles',
  'Contactanos para obtener más información de esta funcionalidad premium.',
  'Continuar',
  'Crear vehículo',
  'Debes aceptar los términos y condiciones para continuar con el pedido',
  'Debes validar el Captcha',
  'Descargar',
  'Detallado',
  'Diligencia los datos del vehículo en el siguiente formulario.',
  'El VIN debe contener 17 caracteres',
  'El VIN debe contener 17 caracteres, asegurate de ingresar el VIN de acuerdo con los documentos de registro de tu automóvil.',
  'El VIN debe ser de 17 caracteres',
  'El VIN no es válido',
  'El número de parte {n} no esta disponible',
  'El producto seleccionado no esta disponible',
  'En este momento no tenemos planes para el tipo de consulta que seleccionaste.',
  'Error al consultar el vehículo',
  'Escribe detalladamente cual es el error...',
  'Este campo es requerido!',
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
  'La placa no es valida',
  'Mostrar mas',
  'Más información',
  'No hay resultados para mostrar',
  'No hay suficientes datos.',
  'No podemos procesar tu solicitud en este momento',
  'No se encontraron vehículos',
  'Nº de parte no encontrado: No tenemos registrado "{n}" en nuestro catálogo de autopartes originales.',
  'Número de parte {n} no fue encontrado',
  'Ocurrió un error al buscar el número de parte',
  'Ocurrió un error al cargar los vehículos, intenta mas tarde',
  'Ocurrió un error al enviar el reporte.',
  'Ocurrió un error al procesar la petición, por favor intente más tarde.',
  'Ocurrió un error al procesar la solicitud!',
  'Ocurrió un error al procesar tu solicitud, por favor, intenta más tarde.',
  'Ocurrío un error en la solicitud',
  'Otros números de parte relacionados',
  'Para ver el catálogo de este vehículo debes iniciar sesión o crear una cuenta.',
  'Pero encontramos sustituciones para otros fabricantes',
  'Placa {plate} no encontrada',
  'Planes de suscripción',
  'Por favor intenta realizar la búsqueda nuevamente mas tarde.',
  'Por favor utiliza otros filtros para la búsqueda.',
  'Pregunta enviada exitosamente',
  'Programar una actividad en tu agenda',
  'Recargar',
  'Reportar un error',
  'Resultado busqueda Nº parte {n}',
  'Resultado de búsqueda',
  'Revisa la información ingresada y vuelve a intentarlo.',
  'Revisa que este bien escrito y vuelve a intentarlo.',
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
  'Verifica que hayas escrito bien la placa ó intenta buscando la autoparte a través de nuestro cátalogo de repuestos.',
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

  it('writes placeholders only as {name}', () => {
    for (const [path, value] of allLeaves) {
      const braces = (value as string).replace(/\{\w+\}/g, '');
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
    expect(es.substitutions.modalTitle).toBe('Resultado busqueda Nº parte {n}');
    expect(es.validation.required).toBe('Este campo es requerido!');
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

  it('leaves unknown or missing placeholders as they are', () => {
    expect(t('substitutions.modalTitle')).toBe('Resultado busqueda Nº parte {n}');
    expect(t('substitutions.modalTitle', { other: 'x' })).toBe('Resultado busqueda Nº parte {n}');
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
