/**
 * Public holidays by country and year (data, not rules): the return window counts business days, and a
 * holiday is not one (issue #13: "weekends and Colombian public holidays counted as non-business days — the
 * holiday list for the year is data"). Add the next year's list before it starts; a year missing here counts
 * only weekends (the README says so).
 *
 * Colombia: Ley 51 de 1983 (Ley Emiliani: most holidays move to the next Monday) and the Easter-based ones.
 * Mexico: Ley Federal del Trabajo art. 74 (días de descanso obligatorio).
 */
export const PUBLIC_HOLIDAYS: Record<'CO' | 'MX', Record<number, readonly string[]>> = {
  CO: {
    2026: [
      '2026-01-01', // Año Nuevo
      '2026-01-12', // Reyes Magos (6 de enero, trasladado)
      '2026-03-23', // San José (19 de marzo, trasladado)
      '2026-04-02', // Jueves Santo
      '2026-04-03', // Viernes Santo
      '2026-05-01', // Día del Trabajo
      '2026-05-18', // Ascensión del Señor (trasladado)
      '2026-06-08', // Corpus Christi (trasladado)
      '2026-06-15', // Sagrado Corazón (trasladado)
      '2026-06-29', // San Pedro y San Pablo
      '2026-07-20', // Independencia
      '2026-08-07', // Batalla de Boyacá
      '2026-08-17', // Asunción de la Virgen (15 de agosto, trasladado)
      '2026-10-12', // Día de la Raza
      '2026-11-02', // Todos los Santos (1 de noviembre, trasladado)
      '2026-11-16', // Independencia de Cartagena (11 de noviembre, trasladado)
      '2026-12-08', // Inmaculada Concepción
      '2026-12-25', // Navidad
    ],
    2027: [
      '2027-01-01',
      '2027-01-11',
      '2027-03-22',
      '2027-03-25',
      '2027-03-26',
      '2027-05-01',
      '2027-05-10',
      '2027-05-31',
      '2027-06-07',
      '2027-07-05',
      '2027-07-20',
      '2027-08-07',
      '2027-08-16',
      '2027-10-18',
      '2027-11-01',
      '2027-11-15',
      '2027-12-08',
      '2027-12-25',
    ],
  },
  MX: {
    2026: ['2026-01-01', '2026-02-02', '2026-03-16', '2026-05-01', '2026-09-16', '2026-11-16', '2026-12-25'],
    2027: ['2027-01-01', '2027-02-01', '2027-03-15', '2027-05-01', '2027-09-16', '2027-11-15', '2027-12-25'],
  },
};
