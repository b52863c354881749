import type { Role } from '@tuerca/contracts';
import { demoId } from './random.js';

export const DEFAULT_SEED = 2026;

export interface DemoStore {
  id: string;
  name: string;
  country: 'CO' | 'MX';
  city: string;
  virtual: boolean;
  pathPrefix: string | null;
}

export interface DemoPerson {
  id: string;
  email: string;
  name: string;
  mobile: string;
  country: 'CO' | 'MX';
  roles: Role[];
  storeId: string | null;
  downloadPartsCatalog: boolean;
  signUpCompleted: boolean;
}

/** The demo stores every context agrees on (marketplace seeds their products). */
export function demoStores(seed = DEFAULT_SEED): DemoStore[] {
  return [
    {
      id: demoId(seed, 'store', 'repuestos-la-68'),
      name: 'Repuestos La 68',
      country: 'CO',
      city: 'Bogotá',
      virtual: false,
      pathPrefix: null,
    },
    {
      id: demoId(seed, 'store', 'autopartes-del-valle'),
      name: 'Autopartes del Valle',
      country: 'CO',
      city: 'Cali',
      virtual: false,
      pathPrefix: null,
    },
    {
      id: demoId(seed, 'store', 'refaccionaria-el-bajio'),
      name: 'Refaccionaria El Bajío',
      country: 'MX',
      city: 'León',
      virtual: false,
      pathPrefix: null,
    },
    {
      id: demoId(seed, 'store', 'motorepuestos-antioquia'),
      name: 'Motorepuestos Antioquia',
      country: 'CO',
      city: 'Medellín',
      virtual: true,
      pathPrefix: 'motorepuestos-antioquia',
    },
  ];
}

/** One demo account per role (README lists them). */
export function demoPeople(seed = DEFAULT_SEED): DemoPerson[] {
  const [bogota, , leon, virtualStore] = demoStores(seed);
  const person = (key: string, p: Omit<DemoPerson, 'id'>): DemoPerson => ({ id: demoId(seed, 'user', key), ...p });
  return [
    person('cliente', {
      email: 'cliente@tuerca.demo',
      name: 'Camila Rodríguez',
      mobile: '+573001234567',
      country: 'CO',
      roles: ['customer'],
      storeId: null,
      downloadPartsCatalog: false,
      signUpCompleted: true,
    }),
    person('taller', {
      email: 'taller@tuerca.demo',
      name: 'Taller Mecánico Don Jorge',
      mobile: '+573157654321',
      country: 'CO',
      roles: ['workshop'],
      storeId: null,
      downloadPartsCatalog: true,
      signUpCompleted: true,
    }),
    person('nuevo', {
      email: 'nuevo@tuerca.demo',
      name: 'Andrés Gómez',
      mobile: '',
      country: 'CO',
      roles: ['customer'],
      storeId: null,
      downloadPartsCatalog: false,
      signUpCompleted: false,
    }),
    person('vendedor', {
      email: 'vendedor@tuerca.demo',
      name: 'Luis Fernando Ortiz',
      mobile: '+573104445566',
      country: 'CO',
      roles: ['seller'],
      storeId: bogota!.id,
      downloadPartsCatalog: false,
      signUpCompleted: true,
    }),
    person('tienda', {
      email: 'tienda@tuerca.demo',
      name: 'María José Pérez',
      mobile: '+573208889900',
      country: 'CO',
      roles: ['store_admin', 'seller'],
      storeId: virtualStore!.id,
      downloadPartsCatalog: false,
      signUpCompleted: true,
    }),
    person('refaccionaria', {
      email: 'refaccionaria@tuerca.demo',
      name: 'José Luis Hernández',
      mobile: '+524771234567',
      country: 'MX',
      roles: ['store_admin', 'seller'],
      storeId: leon!.id,
      downloadPartsCatalog: false,
      signUpCompleted: true,
    }),
    person('asesor', {
      email: 'asesor@tuerca.demo',
      name: 'Valentina Castro',
      mobile: '+573012223344',
      country: 'CO',
      roles: ['adviser'],
      storeId: null,
      downloadPartsCatalog: true,
      signUpCompleted: true,
    }),
    person('operador', {
      email: 'operador@tuerca.demo',
      name: 'Santiago Morales',
      mobile: '+573019998877',
      country: 'CO',
      roles: ['operator'],
      storeId: null,
      downloadPartsCatalog: true,
      signUpCompleted: true,
    }),
  ];
}
