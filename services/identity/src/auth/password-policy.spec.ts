import { describe, expect, it } from '@jest/globals';
import { passwordProblems } from './password-policy.js';

describe('password policy (zxcvbn)', () => {
  it.each(['11111111', '12345678', 'qwertyuiop', 'Password1!', 'colombia1', 'contraseña123'])('refuses %s in Spanish', (password) => {
    const problems = passwordProblems(password, []);
    expect(problems[0]).toBe('Esta contraseña es fácil de adivinar: elige otra.');
    for (const p of problems) expect(p).toMatch(/[áéíóúñ]|[a-z]/i);
  });

  it("refuses a password made of the person's own name or e-mail", () => {
    const problems = passwordProblems('GomezRestrepo2024', ['María Gómez Restrepo', 'maria.gomez@correo.co']);
    expect(problems).toEqual(expect.arrayContaining(['No uses tu nombre ni tu correo en la contraseña.']));
  });

  it.each(['motor-rojo-tuerca-77', 'clave-segura-1', 'Tuerca2026!'])('accepts %s', (password) => {
    expect(passwordProblems(password, ['Ana Gómez', 'ana@correo.co'])).toEqual([]);
  });

  it("an e-mail's domain is not the person's data", () => {
    expect(passwordProblems('Tuerca2026!', ['Camilo Prueba', 'camilo@tuerca.demo'])).toEqual([]);
  });
});
