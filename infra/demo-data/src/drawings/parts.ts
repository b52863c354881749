import { Pen } from './pen.js';

/**
 * One technical line drawing per part type, as a parts catalogue draws it: a brake disc with its vents
 * and bolt holes, pads on their backing plates, a caliper with its pistons, a filter canister, a belt
 * round its pulleys, a spark plug, a shock absorber with its spring… Each is drawn in its own box,
 * -50..50 on both axes, and placed and scaled by the exploded view or the product photo.
 */
export interface PartDrawing {
  svg: string;
  /** Where a leader line touches the part (a point on its outline), in the drawing's box. */
  anchor: [number, number];
}

type Draw = (p: Pen) => PartDrawing;

const d = (svg: string, anchor: [number, number] = [0, -40]): PartDrawing => ({ svg, anchor });

// ---- Filters --------------------------------------------------------------------------------------

const canister =
  (long: boolean): Draw =>
  (p) => {
    const h = long ? 80 : 64;
    const top = -h / 2;
    return d(
      p.rect(-26, top + 6, 52, h - 6, 4) +
        // wrench flutes on the dome
        p.path(`M -26 ${top + 10} Q 0 ${top - 6} 26 ${top + 10}`, {}) +
        [-18, -9, 0, 9, 18].map((x) => p.line(x, top + 4, x, top + 16, { thin: true })).join('') +
        // seam and base plate with its threaded hole and inlet holes
        p.line(-26, top + h - 14, 26, top + h - 14, { thin: true }) +
        p.rect(-30, top + h - 8, 60, 8, 2) +
        p.ellipse(0, top + h - 4, 7, 2.5, { thin: true }) +
        p.path(`M -20 ${-4} L 20 ${-4}`, { thin: true, dash: 'hidden' }),
      [0, top + 8],
    );
  };

const panel =
  (w: number, h: number, folds: number): Draw =>
  (p) => {
    let pleats = `M ${-w / 2 + 4} ${-h / 2 + 6}`;
    const step = (w - 8) / folds;
    for (let i = 0; i < folds; i++)
      pleats += ` L ${-w / 2 + 4 + step * (i + 0.5)} ${h / 2 - 6} L ${-w / 2 + 4 + step * (i + 1)} ${-h / 2 + 6}`;
    return d(
      p.rect(-w / 2, -h / 2, w, h, 3) +
        p.rect(-w / 2 + 3, -h / 2 + 3, w - 6, h - 6, 2, { thin: true }) +
        p.path(pleats, { thin: true, fill: 'none' }),
      [-w / 2 + 6, -h / 2],
    );
  };

// ---- Ignition and fuel ------------------------------------------------------------------------------

const sparkPlug: Draw = (p) =>
  d(
    // terminal nut, ribbed insulator, hex, threaded shell, ground electrode
    p.rect(-4, -48, 8, 8, 1) +
      p.path('M -7 -40 L 7 -40 L 8 -12 L -8 -12 Z') +
      [-34, -28, -22].map((y) => p.line(-7.5, y, 7.5, y, { thin: true })).join('') +
      p.rect(-12, -10, 24, 12, 1) +
      p.line(-4, -10, -4, 2, { thin: true }) +
      p.line(4, -10, 4, 2, { thin: true }) +
      p.rect(-8, 2, 16, 30) +
      p.thread(0, 8, 4, 30, 3.2) +
      p.line(-2, 32, -2, 40) +
      p.path('M 4 32 L 4 42 L -3 42', { fill: 'none' }),
    [0, -46],
  );

const glowPlug: Draw = (p) =>
  d(
    p.rect(-3, -48, 6, 8) + p.rect(-10, -38, 20, 10, 1) + p.rect(-6, -28, 12, 34) + p.thread(0, 6, -26, 4, 3) + p.rect(-3, 6, 6, 38, 2),
    [0, -46],
  );

const injector: Draw = (p) =>
  d(
    // connector, body, o-rings, nozzle
    p.rect(-16, -46, 20, 12, 2) +
      p.rect(-10, -36, 20, 40, 4) +
      p.line(-10, -20, 10, -20, { thin: true }) +
      p.rect(-12, -4, 24, 6, 3, { fill: '#1d2327' }) +
      p.rect(-7, 2, 14, 28, 2) +
      p.rect(-9, 24, 18, 5, 2.5, { fill: '#1d2327' }) +
      p.path('M -4 30 L 4 30 L 2 44 L -2 44 Z'),
    [-10, -30],
  );

const coil: Draw = (p) =>
  d(
    // pencil coil: connector head, body, spark plug boot with spring
    p.rect(-20, -48, 40, 18, 4) +
      p.rect(14, -44, 12, 10, 2) +
      p.rect(-9, -30, 18, 52, 3) +
      [-20, -10, 0, 10].map((y) => p.line(-9, y, 9, y, { thin: true })).join('') +
      p.path('M -9 22 L 9 22 L 7 44 L -7 44 Z') +
      p.spring(0, 3, 30, 42, 4, { thin: true }),
    [-20, -40],
  );

const throttleBody: Draw = (p) =>
  d(
    p.rect(-34, -30, 54, 60, 6) +
      p.circle(-7, 0, 22) +
      p.circle(-7, 0, 19, { thin: true }) +
      p.line(-24, 12, 10, -12) +
      p.circle(-7, 0, 2.5, { fill: '#1d2327' }) +
      p.rect(20, -20, 22, 40, 4) +
      p.rect(42, -8, 6, 16, 1) +
      p.holes(-7, 0, 27, 4, 2.5, { thin: true }, -Math.PI / 4),
    [-30, -28],
  );

const carburetor: Draw = (p) =>
  d(
    // body with venturi, slide top, float bowl, intake flange
    p.rect(-30, -18, 60, 26, 4) +
      p.ellipse(-30, -5, 5, 11) +
      p.ellipse(30, -5, 5, 11) +
      p.rect(-10, -42, 20, 24, 4) +
      p.rect(-6, -48, 12, 6, 2) +
      p.path('M -22 8 L 22 8 L 18 36 L -18 36 Z') +
      p.line(-20, 22, 20, 22, { thin: true }) +
      p.rect(24, 20, 10, 4, 1, { thin: true }),
    [-10, -42],
  );

const fuelPump: Draw = (p) =>
  d(
    // in-tank module: flange, body, strainer
    p.ellipse(0, -38, 28, 8) +
      p.rect(-6, -52, 6, 8, 1) +
      p.rect(6, -50, 10, 6, 1) +
      p.rect(-16, -30, 32, 56, 6) +
      p.line(-16, -10, 16, -10, { thin: true }) +
      p.line(-16, 14, 16, 14, { thin: true }) +
      p.path('M -22 28 L 22 28 L 18 44 L -18 44 Z', { fill: '#ffffff' }) +
      [-12, -4, 4, 12].map((x) => p.line(x, 30, x, 42, { thin: true })).join(''),
    [-26, -38],
  );

// ---- Belts and pulleys ------------------------------------------------------------------------------

const pulley = (p: Pen, cx: number, cy: number, r: number, grooves = true) =>
  p.circle(cx, cy, r) +
  (grooves ? p.circle(cx, cy, r - 3, { thin: true }) : '') +
  p.circle(cx, cy, r * 0.3) +
  p.circle(cx, cy, r * 0.12, { fill: '#1d2327' });

const accessoryBelt: Draw = (p) => {
  // serpentine belt round crank, alternator and A/C pulleys
  const belt = 'M -28 44 A 20 20 0 0 1 -46 18 L -30 -32 A 14 14 0 0 1 -4 -40 L 30 -30 A 13 13 0 0 1 42 -10 L 28 36 A 20 20 0 0 1 -28 44 Z';
  return d(p.tube(belt, 7) + pulley(p, -15, 22, 18) + pulley(p, -18, -30, 11) + pulley(p, 30, -18, 10), [-46, 18]);
};

const timingBelt: Draw = (p) => {
  let teeth = '';
  for (let x = -20; x <= 20; x += 5) teeth += p.line(x, -44, x, -40, { thin: true }) + p.line(x, 44, x, 40, { thin: true });
  return d(
    p.path('M -20 -44 L 20 -44 A 44 44 0 0 1 20 44 L -20 44 A 44 44 0 0 1 -20 -44 Z', { fill: 'none' }) +
      p.path('M -20 -40 L 20 -40 A 40 40 0 0 1 20 40 L -20 40 A 40 40 0 0 1 -20 -40 Z', { thin: true, fill: 'none' }) +
      teeth +
      p.gear(-20, 0, 24, 28, 20) +
      p.circle(-20, 0, 6) +
      p.gear(24, 0, 16, 20, 14) +
      p.circle(24, 0, 4),
    [0, -44],
  );
};

const tensioner =
  (arm: boolean): Draw =>
  (p) =>
    d(
      (arm ? p.path('M -36 30 L -10 4 A 8 8 0 0 1 0 14 L -26 40 A 8 8 0 0 1 -36 30 Z') + p.circle(-31, 35, 4) : '') +
        p.circle(6, -8, 30) +
        p.circle(6, -8, 26, { thin: true }) +
        p.circle(6, -8, 13) +
        p.circle(6, -8, 9, { thin: true, dash: 'hidden' }) +
        p.circle(6, -8, 4, { fill: '#1d2327' }),
      [6, -38],
    );

// ---- Gaskets, bolts, seals ------------------------------------------------------------------------

const headGasket: Draw = (p) => {
  let bores = '';
  for (const x of [-33, -11, 11, 33]) bores += p.circle(x, 0, 10) + p.circle(x, 0, 11.5, { thin: true });
  return d(
    p.rect(-48, -20, 96, 40, 4) +
      bores +
      [-44, -22, 0, 22, 44].map((x) => p.circle(x, -15, 2) + p.circle(x, 15, 2)).join('') +
      [-22, 0, 22].map((x) => p.ellipse(x, -12, 3, 1.6, { thin: true })).join(''),
    [-40, -20],
  );
};

const valveCoverGasket: Draw = (p) =>
  d(
    p.rect(-46, -24, 92, 48, 12, { fill: 'none' }) +
      p.rect(-42, -20, 84, 40, 9, { thin: true, fill: 'none' }) +
      [-30, -10, 10, 30].map((x) => p.circle(x, 0, 5) + p.circle(x, 0, 6.5, { thin: true })).join(''),
    [-40, -24],
  );

const flangeGasket =
  (ports: number): Draw =>
  (p) => {
    let out = '';
    const w = ports * 24;
    out += p.rect(-w / 2, -16, w, 32, 6);
    for (let i = 0; i < ports; i++) {
      const x = -w / 2 + 12 + i * 24;
      out += p.rect(x - 7, -9, 14, 18, 5) + p.circle(x - 9, 12, 1.8) + p.circle(x + 9, -12, 1.8);
    }
    return d(out, [-w / 2 + 4, -16]);
  };

const ringGasket =
  (bolts: number): Draw =>
  (p) =>
    d(
      p.circle(0, 0, 34) +
        p.circle(0, 0, 22) +
        p.holes(0, 0, 28, bolts, 2.5, { thin: true }) +
        p.circle(0, 0, 33, { thin: true, fill: 'none', dash: 'hidden' }),
      [0, -34],
    );

const bolt =
  (length: number): Draw =>
  (p) =>
    d(
      p.rect(-11, -48, 22, 9, 1) +
        p.line(-4, -48, -4, -39, { thin: true }) +
        p.line(4, -48, 4, -39, { thin: true }) +
        p.rect(-13, -39, 26, 3, 1) +
        p.rect(-5, -36, 10, length) +
        p.thread(0, 5, -36 + length * 0.45, -38 + length, 2.5) +
        p.line(0, -50, 0, -36 + length + 3, { thin: true, dash: 'center' }),
      [-11, -46],
    );

const drainPlug: Draw = (p) =>
  d(
    p.rect(-17, -30, 34, 14, 1) +
      p.line(-6, -30, -6, -16, { thin: true }) +
      p.line(6, -30, 6, -16, { thin: true }) +
      p.rect(-18, -16, 36, 4, 1, { fill: '#d9dde1' }) +
      p.rect(-10, -12, 20, 34) +
      p.thread(0, 10, -10, 20, 3),
    [-17, -28],
  );

const lipSeal: Draw = (p) =>
  d(
    p.circle(0, 0, 40) +
      p.circle(0, 0, 36, { thin: true }) +
      p.circle(0, 0, 24) +
      p.circle(0, 0, 21, { thin: true }) +
      p.circle(0, 0, 29, { thin: true, fill: 'none', dash: 'hidden' }) +
      // section through the lip, garter spring
      p.path('M 40 -6 L 52 -6 L 52 6 L 40 6 Z', { fill: '#d9dde1' }) +
      p.circle(46, 0, 2, { thin: true }),
    [0, -40],
  );

// ---- Lubrication and sensors ------------------------------------------------------------------------

const oilPump: Draw = (p) =>
  d(
    p.path(
      'M -40 -26 L 30 -26 A 14 14 0 0 1 44 -12 L 44 20 A 12 12 0 0 1 32 32 L -40 32 A 6 6 0 0 1 -46 26 L -46 -20 A 6 6 0 0 1 -40 -26 Z',
    ) +
      p.gear(-12, 3, 16, 20, 10, { thin: true }) +
      p.gear(18, 3, 9, 12, 7, { thin: true }) +
      p.circle(-12, 3, 5) +
      p.holes(0, 3, 38, 6, 2.2, { thin: true }, 0.3),
    [-40, -26],
  );

const oilPan: Draw = (p) =>
  d(
    p.path('M -48 -22 L 48 -22 L 48 -14 L 36 -14 L 30 18 L 4 18 L 2 34 L -30 34 L -34 -14 L -48 -14 Z') +
      p.line(-48, -18, 48, -18, { thin: true }) +
      [-40, -20, 0, 20, 40].map((x) => p.circle(x, -18, 1.8, { thin: true })).join('') +
      p.rect(-20, 30, 10, 6, 1),
    [-44, -22],
  );

const pressureSwitch: Draw = (p) =>
  d(
    p.rect(-3, -46, 6, 10, 1) +
      p.rect(-12, -36, 24, 22, 4) +
      p.rect(-14, -14, 28, 10, 1) +
      p.rect(-6, -4, 12, 20) +
      p.thread(0, 6, -2, 14, 2.6),
    [-12, -34],
  );

const o2Sensor: Draw = (p) =>
  d(
    p.path('M -2 -50 C -20 -44 -10 -30 -2 -24', { fill: 'none' }) +
      p.rect(-6, -26, 12, 18, 2) +
      p.rect(-13, -8, 26, 10, 1) +
      p.rect(-7, 2, 14, 12) +
      p.thread(0, 7, 3, 12, 2.5) +
      p.path('M -5 14 L 5 14 L 5 34 L 0 38 L -5 34 Z') +
      [20, 26, 32].map((y) => p.line(-5, y, 5, y, { thin: true })).join(''),
    [-6, -22],
  );

const absSensor: Draw = (p) =>
  d(
    p.path('M -40 20 C -20 40 0 -10 14 -20', { fill: 'none' }) +
      p.rect(10, -34, 16, 26, 3) +
      p.rect(4, -24, 28, 6, 2) +
      p.circle(18, -21, 2.2) +
      p.rect(14, -8, 8, 30, 2) +
      p.rect(-46, 14, 10, 12, 2),
    [10, -32],
  );

const thermostat: Draw = (p) =>
  d(
    p.ellipse(0, -10, 36, 9) +
      p.ellipse(0, -10, 30, 6, { thin: true }) +
      p.path('M -14 -8 L -14 24 L 14 24 L 14 -8', { fill: 'none' }) +
      p.spring(0, 12, -4, 22, 5, { thin: true }) +
      p.rect(-6, 24, 12, 18, 3) +
      p.line(0, -34, 0, -14),
    [-30, -14],
  );

// ---- Cooling ----------------------------------------------------------------------------------------

const waterPump: Draw = (p) =>
  d(
    p.path(
      'M -30 -34 L 20 -34 A 14 14 0 0 1 34 -20 L 34 26 A 10 10 0 0 1 24 36 L -30 36 A 10 10 0 0 1 -40 26 L -40 -24 A 10 10 0 0 1 -30 -34 Z',
    ) +
      p.circle(-2, 0, 20) +
      p.holes(-2, 0, 14, 4, 2, { thin: true }) +
      p.circle(-2, 0, 5) +
      p.holes(-2, 0, 30, 6, 2.6, {}, -0.3) +
      p.rect(28, -8, 20, 16, 3),
    [-30, -34],
  );

const radiator: Draw = (p) => {
  let fins = '';
  for (let x = -34; x <= 34; x += 4) fins += p.line(x, -26, x, 26, { thin: true });
  return d(
    p.rect(-38, -30, 76, 60, 1) +
      fins +
      p.rect(-48, -34, 10, 68, 2) +
      p.rect(38, -34, 10, 68, 2) +
      p.rect(-54, -28, 6, 8, 1) +
      p.rect(48, 20, 6, 8, 1) +
      p.rect(40, -42, 8, 8, 2),
    [-44, -34],
  );
};

const hose =
  (shape: 'upper' | 'lower'): Draw =>
  (p) => {
    const path = shape === 'upper' ? 'M -44 -20 C -10 -40 0 30 40 18' : 'M -44 20 C -20 20 -10 -30 30 -30 L 44 -30';
    return d(p.tube(path, 14) + p.rect(-44, shape === 'upper' ? -30 : 10, 6, 20, 1) + p.rect(36, shape === 'upper' ? 8 : -40, 6, 20, 1), [
      -44,
      shape === 'upper' ? -28 : 12,
    ]);
  };

const radiatorCap: Draw = (p) =>
  d(
    p.ellipse(0, -16, 30, 10) +
      p.path('M -30 -16 L -30 -6 A 30 10 0 0 0 30 -6 L 30 -16', {}) +
      p.rect(-12, -34, 24, 14, 4) +
      p.rect(-16, -2, 32, 8, 2, { thin: true }) +
      p.spring(0, 10, 8, 26, 4, { thin: true }) +
      p.rect(-14, 26, 28, 6, 2),
    [-12, -34],
  );

const fan: Draw = (p) => {
  let blades = '';
  for (let i = 0; i < 7; i++) {
    const a = (i * 2 * Math.PI) / 7;
    const x1 = Math.cos(a) * 12;
    const y1 = Math.sin(a) * 12;
    const x2 = Math.cos(a + 0.5) * 38;
    const y2 = Math.sin(a + 0.5) * 38;
    const x3 = Math.cos(a + 0.95) * 36;
    const y3 = Math.sin(a + 0.95) * 36;
    blades += p.path(`M ${x1.toFixed(1)} ${y1.toFixed(1)} Q ${x2.toFixed(1)} ${y2.toFixed(1)} ${x3.toFixed(1)} ${y3.toFixed(1)} Z`, {
      thin: true,
    });
  }
  return d(
    p.rect(-48, -48, 96, 96, 8) + p.circle(0, 0, 42) + blades + p.circle(0, 0, 12) + p.circle(0, 0, 4, { fill: '#1d2327' }),
    [-44, -44],
  );
};

// ---- Exhaust ----------------------------------------------------------------------------------------

const catalytic: Draw = (p) =>
  d(
    p.rect(-50, -6, 14, 12) +
      p.path('M -36 -8 L -24 -20 L 24 -20 L 36 -8 L 36 8 L 24 20 L -24 20 L -36 8 Z') +
      p.line(-24, -20, -24, 20, { thin: true }) +
      p.line(24, -20, 24, 20, { thin: true }) +
      p.rect(36, -6, 14, 12) +
      p.rect(-14, -26, 20, 6, 2) +
      p.ellipse(-50, 0, 3, 9),
    [-20, -20],
  );

const muffler: Draw = (p) =>
  d(
    p.ellipse(-2, 0, 34, 22) +
      p.ellipse(-2, 0, 30, 18, { thin: true }) +
      p.rect(-50, 8, 16, 8) +
      p.rect(30, -14, 20, 8) +
      p.ellipse(50, -10, 2, 4),
    [-20, -20],
  );

const clamp: Draw = (p) =>
  d(
    p.path('M -18 -10 L -18 20 M 18 -10 L 18 20', { fill: 'none' }) +
      p.path('M -18 -10 A 18 18 0 0 1 18 -10', { fill: 'none' }) +
      p.thread(-18, 2.5, 4, 20, 3) +
      p.thread(18, 2.5, 4, 20, 3) +
      p.rect(-26, 6, 52, 8, 3) +
      p.hex(-18, 24, 5) +
      p.hex(18, 24, 5),
    [-18, -8],
  );

// ---- Clutch -----------------------------------------------------------------------------------------

const pressurePlate = (p: Pen, cx: number, cy: number, r: number) => {
  let fingers = '';
  for (let i = 0; i < 12; i++) {
    const a = (i * 2 * Math.PI) / 12;
    fingers += p.line(cx + Math.cos(a) * r * 0.28, cy + Math.sin(a) * r * 0.28, cx + Math.cos(a) * r * 0.62, cy + Math.sin(a) * r * 0.62, {
      thin: true,
    });
  }
  return (
    p.circle(cx, cy, r) +
    p.circle(cx, cy, r * 0.66) +
    fingers +
    p.circle(cx, cy, r * 0.26) +
    p.holes(cx, cy, r * 0.84, 6, r * 0.05, { thin: true })
  );
};

const clutchDisc = (p: Pen, cx: number, cy: number, r: number) =>
  p.circle(cx, cy, r, { fill: '#eef0f2' }) +
  p.circle(cx, cy, r * 0.7, { thin: true }) +
  p.circle(cx, cy, r * 0.52) +
  p.holes(cx, cy, r * 0.36, 4, r * 0.09, { thin: true }, Math.PI / 4) +
  p.gear(cx, cy, r * 0.14, r * 0.19, 10, { thin: true });

const clutchKit: Draw = (p) => d(pressurePlate(p, -14, -6, 32) + clutchDisc(p, 22, 16, 26), [-14, -38]);
const clutchDiscDrawing: Draw = (p) => d(clutchDisc(p, 0, 0, 42), [0, -42]);

const releaseBearing: Draw = (p) =>
  d(
    p.rect(-12, -34, 24, 56, 2) +
      p.circle(0, -10, 26) +
      p.circle(0, -10, 18, { thin: true }) +
      p.circle(0, -10, 12) +
      p.holes(0, -10, 22, 10, 2.2, { thin: true }) +
      p.rect(-30, 18, 60, 6, 2),
    [0, -36],
  );

const slaveCylinder: Draw = (p) =>
  d(
    p.rect(-30, -12, 44, 24, 4) +
      p.rect(-40, -8, 10, 16, 2) +
      p.rect(14, -4, 34, 8, 1) +
      p.circle(48, 0, 4) +
      p.rect(-16, -22, 8, 10, 1) +
      p.rect(2, -20, 6, 8, 1) +
      p.rect(-30, 12, 10, 8, 1),
    [-28, -12],
  );

// ---- Suspension and steering ------------------------------------------------------------------------

const shock =
  (withSpringSeat: boolean): Draw =>
  (p) =>
    d(
      p.circle(0, -42, 6) +
        p.circle(0, -42, 2.5) +
        p.rect(-2.5, -36, 5, 30) +
        p.rect(-8, -8, 16, 50, 3) +
        (withSpringSeat ? p.ellipse(0, 0, 18, 3.5) : '') +
        p.line(0, -48, 0, 48, { thin: true, dash: 'center' }) +
        p.circle(0, 44, 5) +
        p.rect(-6, 36, 12, 4, 1),
      [0, -48],
    );

const coilSpring: Draw = (p) => d(p.spring(0, 22, -44, 44, 7), [-22, -44]);

const strutMount: Draw = (p) =>
  d(
    p.ellipse(0, -6, 38, 12) +
      p.path('M -38 -6 L -38 6 A 38 12 0 0 0 38 6 L 38 -6', {}) +
      p.ellipse(0, -6, 14, 5, { thin: true }) +
      p.rect(-4, -24, 8, 12, 1) +
      p.thread(0, 4, -24, -14, 2.4) +
      [-24, 24].map((x) => p.rect(x - 2, -26, 4, 16) + p.thread(x, 2, -26, -12, 2.2)).join('') +
      p.rect(-20, 10, 40, 14, 4, { thin: true }),
    [-30, -14],
  );

const boot: Draw = (p) => d(p.bellows(0, -44, 44, 18, 12, 6), [-12, -44]);

const controlArm: Draw = (p) =>
  d(
    p.path('M -44 -22 L 30 -4 A 10 10 0 0 1 30 14 L -34 34 A 10 10 0 0 1 -46 22 L -40 0 Z') +
      p.path('M -30 -6 L 16 4 L -28 20 Z', { thin: true, fill: 'none' }) +
      p.circle(-44, -22, 9) +
      p.circle(-44, -22, 4) +
      p.circle(-40, 28, 9) +
      p.circle(-40, 28, 4) +
      p.circle(34, 5, 10, { fill: '#eef0f2' }) +
      p.circle(34, 5, 4),
    [-44, -31],
  );

const ballJoint: Draw = (p) =>
  d(
    p.rect(-4, -48, 8, 22) +
      p.thread(0, 4, -46, -30, 2.4) +
      p.path('M -4 -26 L -12 -10 L 12 -10 L 4 -26 Z') +
      p.bellows(0, -12, 8, 18, 12, 2) +
      p.rect(-20, 8, 40, 20, 4) +
      p.holes(0, 18, 14, 2, 3, { thin: true }, 0),
    [-4, -46],
  );

const bushing: Draw = (p) =>
  d(
    p.circle(0, 0, 34) +
      p.circle(0, 0, 28, { thin: true }) +
      p.circle(0, 0, 16, { fill: '#e6e9ec' }) +
      p.circle(0, 0, 10) +
      p.circle(0, 0, 7, { thin: true }),
    [0, -34],
  );

const stabilizerLink: Draw = (p) =>
  d(
    p.rect(-4, -30, 8, 60, 2) +
      [-1, 1]
        .map((s) => p.circle(0, s * 34, 9) + p.rect(-3, s * 34 + (s > 0 ? 8 : -20), 6, 12) + p.hex(0, s * 34 + (s > 0 ? 12 : -12), 4.5))
        .join(''),
    [0, -43],
  );

const tieRodEnd: Draw = (p) =>
  d(
    p.rect(-48, -5, 32, 10, 1) +
      [-44, -40, -36, -32, -28, -24].map((x) => p.line(x, -5, x + 2, 5, { thin: true })).join('') +
      p.path('M -16 -10 L 14 -10 A 16 16 0 0 1 14 22 L -16 10 Z') +
      p.circle(16, 6, 9) +
      p.rect(12, 14, 8, 26) +
      p.thread(16, 4, 22, 38, 2.4) +
      p.hex(16, 42, 5),
    [-48, -5],
  );

const innerTieRod: Draw = (p) =>
  d(
    p.circle(-38, 0, 11) +
      p.rect(-30, -6, 14, 12, 2) +
      p.rect(-16, -3.5, 58, 7, 1) +
      p.line(20, -3.5, 42, 3.5, { thin: true }) +
      p.line(26, -3.5, 42, 1, { thin: true }),
    [-38, -11],
  );

// ---- Wheels and bearings ----------------------------------------------------------------------------

const wheelHub: Draw = (p) =>
  d(
    p.circle(0, 0, 40) +
      p.holes(0, 0, 30, 4, 4) +
      p.circle(0, 0, 20) +
      p.circle(0, 0, 14, { thin: true }) +
      p.gear(0, 0, 7, 9, 14, { thin: true }) +
      p.holes(0, 0, 45, 3, 4, { thin: true }, Math.PI / 6),
    [0, -40],
  );

const ballBearing: Draw = (p) =>
  d(
    p.circle(0, 0, 38) +
      p.circle(0, 0, 33, { thin: true }) +
      p.circle(0, 0, 19, { thin: true }) +
      p.circle(0, 0, 14) +
      p.holes(0, 0, 26, 9, 5.2, { fill: '#eef0f2' }),
    [0, -38],
  );

const taperBearing: Draw = (p) =>
  d(
    p.circle(0, 0, 38) +
      p.circle(0, 0, 16) +
      [...Array(12).keys()]
        .map((i) => {
          const a = (i * 2 * Math.PI) / 12;
          const c = Math.cos(a);
          const s = Math.sin(a);
          return p.line(c * 20, s * 20, c * 33, s * 33, {});
        })
        .join('') +
      p.circle(0, 0, 26, { thin: true, fill: 'none' }),
    [0, -38],
  );

// ---- Brakes -----------------------------------------------------------------------------------------

const brakeDisc: Draw = (p) => {
  let vents = '';
  for (let i = 0; i < 24; i++) {
    const a = (i * 2 * Math.PI) / 24;
    vents += p.line(Math.cos(a) * 30, Math.sin(a) * 30, Math.cos(a + 0.12) * 44, Math.sin(a + 0.12) * 44, { thin: true });
  }
  return d(
    p.circle(0, 0, 46) + vents + p.circle(0, 0, 28) + p.circle(0, 0, 20, { thin: true }) + p.holes(0, 0, 14, 5, 2.6) + p.circle(0, 0, 7),
    [0, -46],
  );
};

const motoDisc: Draw = (p) => {
  let cuts = '';
  for (let i = 0; i < 6; i++) {
    const a = (i * 2 * Math.PI) / 6;
    cuts += p
      .ellipse(Math.cos(a) * 28, Math.sin(a) * 28, 7, 4)
      .replace(
        '<ellipse',
        `<ellipse transform="rotate(${((a * 180) / Math.PI).toFixed(0)} ${(Math.cos(a) * 28).toFixed(1)} ${(Math.sin(a) * 28).toFixed(1)})"`,
      );
  }
  return d(p.circle(0, 0, 46) + p.circle(0, 0, 36, { thin: true }) + cuts + p.circle(0, 0, 14) + p.holes(0, 0, 19, 6, 2.2), [0, -46]);
};

const padPair: Draw = (p) => {
  const pad = (dx: number, dy: number) =>
    p.path(
      `M ${-36 + dx} ${-14 + dy} Q ${dx} ${-28 + dy} ${36 + dx} ${-14 + dy} L ${32 + dx} ${8 + dy} Q ${dx} ${-2 + dy} ${-32 + dx} ${8 + dy} Z`,
    ) +
    p.path(
      `M ${-30 + dx} ${-8 + dy} Q ${dx} ${-19 + dy} ${30 + dx} ${-8 + dy} L ${27 + dx} ${4 + dy} Q ${dx} ${-5 + dy} ${-27 + dx} ${4 + dy} Z`,
      {
        thin: true,
        fill: '#e3e6ea',
      },
    ) +
    p.circle(-28 + dx, -12 + dy, 2.2, { thin: true }) +
    p.circle(28 + dx, -12 + dy, 2.2, { thin: true });
  return d(pad(-6, -10) + pad(6, 22), [-40, -22]);
};

const caliper: Draw = (p) =>
  d(
    p.path(
      'M -40 -26 L 34 -26 A 10 10 0 0 1 44 -16 L 44 20 A 10 10 0 0 1 34 30 L -40 30 A 8 8 0 0 1 -48 22 L -48 -18 A 8 8 0 0 1 -40 -26 Z',
    ) +
      p.circle(-16, 2, 14) +
      p.circle(-16, 2, 10, { thin: true }) +
      p.circle(16, 2, 14) +
      p.circle(16, 2, 10, { thin: true }) +
      p.rect(-2, -36, 8, 10, 1) +
      p.circle(36, -18, 3) +
      p.rect(-52, -6, 6, 12, 1) +
      p.rect(44, -6, 6, 12, 1),
    [-40, -26],
  );

const brakeDrum: Draw = (p) =>
  d(
    p.circle(0, 0, 44) +
      p.circle(0, 0, 38, { thin: true }) +
      p.circle(0, 0, 20) +
      p.holes(0, 0, 13, 4, 2.6) +
      p.circle(0, 0, 6) +
      p.holes(0, 0, 30, 2, 2, { thin: true }, 0),
    [0, -44],
  );

const wheelCylinder: Draw = (p) =>
  d(
    p.rect(-26, -10, 52, 20, 3) +
      p.rect(-40, -6, 14, 12, 2) +
      p.rect(26, -6, 14, 12, 2) +
      p.rect(-6, -18, 6, 8, 1) +
      p.rect(6, 10, 10, 6, 1),
    [-26, -10],
  );

const brakeShoes: Draw = (p) => {
  const shoe = (flip: 1 | -1) =>
    p.path(
      `M ${-34 * flip} -30 A 44 44 0 0 ${flip > 0 ? 0 : 1} ${-34 * flip} 30 L ${-26 * flip} 28 A 36 36 0 0 ${flip > 0 ? 1 : 0} ${-26 * flip} -28 Z`,
      {
        fill: '#e3e6ea',
      },
    ) + p.path(`M ${-26 * flip} -28 A 36 36 0 0 ${flip > 0 ? 1 : 0} ${-26 * flip} 28`, { fill: 'none' });
  const spring = p.polyline(
    [...Array(9).keys()].map((i) => [-20 + i * 5, -24 + (i % 2 ? -3 : 3)] as [number, number]),
    { thin: true },
  );
  return d(shoe(1) + shoe(-1) + spring + p.line(-20, 26, 20, 26, { thin: true }), [-34, -30]);
};

// ---- Electrical -------------------------------------------------------------------------------------

const alternator: Draw = (p) => {
  let vents = '';
  for (let i = 0; i < 10; i++) {
    const a = (i * 2 * Math.PI) / 10;
    vents += p.line(Math.cos(a) * 14, Math.sin(a) * 14, Math.cos(a) * 28, Math.sin(a) * 28, { thin: true });
  }
  return d(
    p.circle(6, 4, 36) +
      vents +
      p.circle(6, 4, 10) +
      p.rect(-44, -10, 14, 28, 2) +
      pulley(p, -44, 4, 12) +
      p.rect(24, -40, 14, 10, 2) +
      p.circle(40, 34, 5),
    [6, -32],
  );
};

const starter: Draw = (p) =>
  d(
    p.rect(-44, -4, 56, 40, 6) +
      [0, 12, 24].map((y) => p.line(-44, y, 12, y, { thin: true })).join('') +
      p.rect(-36, -36, 48, 26, 5) +
      p.rect(12, 2, 16, 28, 2) +
      p.gear(38, 16, 8, 11, 9) +
      p.rect(-20, -44, 8, 8, 1) +
      p.rect(0, -44, 8, 8, 1),
    [-36, -36],
  );

const finnedBox =
  (connector: boolean): Draw =>
  (p) =>
    d(
      p.rect(-34, -24, 68, 48, 4) +
        [-24, -14, -4, 6, 16, 26].map((x) => p.line(x, -24, x, 24, { thin: true })).join('') +
        (connector ? p.rect(-18, 24, 36, 12, 2) + [-10, -2, 6].map((x) => p.rect(x, 28, 4, 6, 0.5, { thin: true })).join('') : '') +
        p.circle(-40, -18, 4) +
        p.circle(40, -18, 4) +
        p.rect(-44, -22, 10, 8, 2) +
        p.rect(34, -22, 10, 8, 2),
      [-34, -24],
    );

const relayBox: Draw = (p) =>
  d(
    p.rect(-24, -30, 48, 52, 4) +
      p.line(-24, -18, 24, -18, { thin: true }) +
      [-14, -4, 6, 16].map((x) => p.rect(x - 2, 22, 4, 12, 0.5)).join('') +
      p.rect(24, -6, 12, 10, 2),
    [-24, -30],
  );

const stator: Draw = (p) => {
  let poles = '';
  for (let i = 0; i < 12; i++) {
    const a = (i * 2 * Math.PI) / 12;
    const c = Math.cos(a);
    const s = Math.sin(a);
    poles += p.path(
      `M ${(c * 20 - s * 5).toFixed(1)} ${(s * 20 + c * 5).toFixed(1)} L ${(c * 38 - s * 6).toFixed(1)} ${(s * 38 + c * 6).toFixed(1)} L ${(c * 38 + s * 6).toFixed(1)} ${(s * 38 - c * 6).toFixed(1)} L ${(c * 20 + s * 5).toFixed(1)} ${(s * 20 - c * 5).toFixed(1)} Z`,
      {
        fill: '#e3e6ea',
      },
    );
  }
  return d(
    poles +
      p.circle(0, 0, 20) +
      p.circle(0, 0, 12) +
      p.holes(0, 0, 16, 3, 1.8, { thin: true }) +
      p.path('M 30 30 C 40 40 44 44 50 48', { fill: 'none' }),
    [0, -38],
  );
};

const battery: Draw = (p) =>
  d(
    p.rect(-38, -26, 76, 58, 3) +
      p.rect(-38, -34, 76, 10, 2) +
      p.rect(-30, -42, 10, 8, 1) +
      p.rect(20, -42, 10, 8, 1) +
      p.path('M -28 -38 L -22 -38 M -25 -41 L -25 -35 M 22 -38 L 28 -38', { thin: true, fill: 'none' }) +
      [-20, -6, 8, 22].map((x) => p.circle(x, -29, 2, { thin: true })).join('') +
      p.rect(-28, -8, 56, 26, 2, { thin: true }),
    [-30, -42],
  );

// ---- Lighting and body ------------------------------------------------------------------------------

const headlamp: Draw = (p) =>
  d(
    p.path('M -48 -18 Q -20 -34 40 -26 L 48 -6 Q 42 22 -30 24 Q -50 14 -48 -18 Z') +
      p.circle(-18, -2, 14) +
      p.circle(-18, -2, 9, { thin: true }) +
      p.circle(18, -4, 11) +
      p.circle(18, -4, 6, { thin: true }) +
      p.path('M -40 16 L 30 14', { thin: true, fill: 'none' }),
    [-46, -16],
  );

const tailLamp: Draw = (p) =>
  d(
    p.path('M -44 -24 L 36 -24 Q 48 -24 48 -12 L 44 22 L -44 22 Z') +
      p.rect(-38, -18, 36, 16, 2, { thin: true, fill: '#f3d6d6' }) +
      p.rect(4, -18, 36, 16, 2, { thin: true }) +
      p.rect(-38, 2, 78, 14, 2, { thin: true, fill: '#f3e3c8' }),
    [-40, -24],
  );

const bulb: Draw = (p) =>
  d(
    p.path('M -14 -2 C -22 -24 -14 -46 0 -46 C 14 -46 22 -24 14 -2 Z') +
      p.path('M -6 -8 L -6 -30 L 6 -30 L 6 -8', { thin: true, fill: 'none' }) +
      p.rect(-14, -2, 28, 14, 1) +
      p.rect(-22, 12, 44, 5, 1) +
      [-10, 0, 10].map((x) => p.rect(x - 2, 17, 4, 22, 0.5)).join(''),
    [-12, -30],
  );

const turnSignal: Draw = (p) =>
  d(
    p.rect(-3, -6, 6, 40, 1) +
      p.path('M -22 -10 Q -22 -34 0 -34 Q 22 -34 22 -10 L 14 -4 L -14 -4 Z', { fill: '#f8e3c4' }) +
      p.rect(-4, 34, 8, 8, 1) +
      p.path('M -16 -12 L 16 -12', { thin: true, fill: 'none' }),
    [-20, -24],
  );

const mirror: Draw = (p) =>
  d(
    p.path('M -44 -20 Q -42 -34 -10 -34 L 34 -30 Q 46 -28 44 -8 L 40 18 Q 38 26 26 26 L -34 24 Q -46 22 -44 -20 Z') +
      p.path('M -38 -18 Q -36 -28 -10 -28 L 30 -24 Q 38 -22 38 -8 L 34 16 L -30 18 Q -40 16 -38 -18 Z', { thin: true, fill: '#eef3f8' }) +
      p.rect(-52, 0, 12, 18, 3),
    [-44, -20],
  );

const bumper: Draw = (p) =>
  d(
    p.path('M -50 -16 Q 0 -30 50 -16 L 48 14 Q 0 26 -48 14 Z') +
      p.path('M -30 -4 L 30 -4 L 26 6 L -26 6 Z', { thin: true }) +
      p.ellipse(-38, 6, 6, 4, { thin: true }) +
      p.ellipse(38, 6, 6, 4, { thin: true }) +
      p.path('M -46 -10 Q 0 -22 46 -10', { thin: true, fill: 'none' }),
    [-48, -14],
  );

const grille: Draw = (p) => {
  let slats = '';
  for (let y = -12; y <= 12; y += 6) slats += p.line(-38, y, 38, y, { thin: true });
  return d(p.rect(-46, -20, 92, 40, 10) + p.rect(-40, -15, 80, 30, 6, { thin: true }) + slats + p.circle(0, 0, 8), [-40, -20]);
};

const fender: Draw = (p) =>
  d(
    p.path('M -48 -20 L 40 -26 L 48 -10 L 48 24 L 30 24 A 24 24 0 0 0 -18 24 L -48 24 Z') +
      p.path('M 30 24 A 24 24 0 0 0 -18 24', { thin: true, fill: 'none' }) +
      p.rect(-40, -12, 18, 6, 2, { thin: true }),
    [-46, -20],
  );

const wiperBlade: Draw = (p) =>
  d(
    p.path('M -50 4 Q 0 -6 50 4 L 50 8 Q 0 -2 -50 8 Z') +
      p.path('M -46 2 Q 0 -14 46 2', { thin: true, fill: 'none' }) +
      p.rect(-8, -14, 16, 10, 2) +
      p.rect(-4, -20, 8, 6, 1),
    [-8, -14],
  );

const wiperMotor: Draw = (p) =>
  d(
    p.rect(-44, -16, 40, 32, 14) +
      [-36, -28, -20].map((x) => p.line(x, -16, x, 16, { thin: true })).join('') +
      p.circle(10, 0, 20) +
      p.circle(10, 0, 6) +
      p.rect(8, -4, 38, 8, 4) +
      p.circle(44, 0, 3) +
      p.rect(-18, 16, 12, 8, 1),
    [-40, -16],
  );

// ---- Motorcycle -------------------------------------------------------------------------------------

const chainSegment: Draw = (p) => {
  let links = '';
  for (let i = 0; i < 5; i++) {
    const x = -44 + i * 20;
    links += p.rect(x - 4, -9, 22, 18, 9, i % 2 ? { fill: '#eef0f2' } : {}) + p.circle(x + 2, 0, 3) + p.circle(x + 12, 0, 3);
  }
  return d(links + p.path('M -50 20 Q 0 44 50 20', { thin: true, fill: 'none', dash: 'hidden' }), [-40, -9]);
};

const sprocket =
  (teeth: number, big: boolean): Draw =>
  (p) => {
    const r = big ? 44 : 26;
    return d(
      p.gear(0, 0, r - 5, r, teeth) +
        p.circle(0, 0, r * 0.55, { thin: true }) +
        (big ? p.holes(0, 0, r * 0.55, 5, 5) + p.circle(0, 0, 14) + p.holes(0, 0, 19, 6, 1.8, { thin: true }) : p.gear(0, 0, 7, 9, 14)),
      [0, -r],
    );
  };

const clutchPlates: Draw = (p) => {
  let plates = '';
  for (let i = 3; i >= 0; i--) {
    const dx = i * 7;
    const dy = -i * 7;
    plates += p.circle(dx - 6, dy + 8, 30, { fill: i % 2 ? '#ffffff' : '#e3e6ea' }) + p.circle(dx - 6, dy + 8, 20, { thin: true });
    plates += p.holes(dx - 6, dy + 8, 31, 8, 3, {});
  }
  return d(plates, [15, -45]);
};

const cable: Draw = (p) =>
  d(
    p.path('M -46 30 C -20 -40 20 40 44 -28', { fill: 'none' }) +
      p.rect(-50, 28, 8, 12, 1) +
      p.circle(46, -32, 4) +
      p.rect(-30, 6, 6, 12, 1, { thin: true }) +
      p.thread(-27, 3, 6, 16, 2),
    [-46, 28],
  );

const piston: Draw = (p) =>
  d(
    p.path('M -26 -30 L 26 -30 L 26 22 Q 0 30 -26 22 Z') +
      [-24, -19, -14].map((y) => p.line(-26, y, 26, y, { thin: true })).join('') +
      p.circle(0, 4, 7) +
      p.circle(0, 4, 4, { thin: true }) +
      p.rect(-42, 0, 14, 8, 4) +
      p.ellipse(36, -36, 12, 3, { thin: true, fill: 'none' }) +
      p.ellipse(36, -30, 12, 3, { thin: true, fill: 'none' }),
    [-20, -30],
  );

const forkSeal: Draw = lipSeal;

// ---- The table ----------------------------------------------------------------------------------------

export const PART_DRAWINGS: Record<string, Draw> = {
  'oil-filter': canister(false),
  'fuel-filter': canister(true),
  'air-filter': panel(96, 60, 12),
  'cabin-filter': panel(80, 40, 14),
  'spark-plug': sparkPlug,
  'glow-plug': glowPlug,
  injector,
  'fuel-pump': fuelPump,
  'throttle-body': throttleBody,
  'ignition-coil': coil,
  carburetor,
  'accessory-belt': accessoryBelt,
  'timing-belt': timingBelt,
  'belt-tensioner': tensioner(true),
  'timing-tensioner': tensioner(true),
  'idler-pulley': tensioner(false),
  'head-gasket': headGasket,
  'valve-cover-gasket': valveCoverGasket,
  'exhaust-gasket': flangeGasket(4),
  'water-pump-gasket': ringGasket(4),
  'cylinder-gasket': ringGasket(4),
  'head-bolt': bolt(70),
  'drain-plug': drainPlug,
  'valve-seal': lipSeal,
  'crank-seal': lipSeal,
  'oil-pump': oilPump,
  'oil-pan': oilPan,
  'oil-pressure-sensor': pressureSwitch,
  'o2-sensor': o2Sensor,
  'abs-sensor': absSensor,
  thermostat,
  'water-pump': waterPump,
  radiator,
  'upper-hose': hose('upper'),
  'lower-hose': hose('lower'),
  'radiator-cap': radiatorCap,
  fan,
  catalytic,
  muffler,
  'exhaust-clamp': clamp,
  'clutch-kit': clutchKit,
  'clutch-disc': clutchDiscDrawing,
  'release-bearing': releaseBearing,
  'clutch-slave': slaveCylinder,
  'shock-front': shock(true),
  'shock-rear': shock(false),
  'spring-front': coilSpring,
  'spring-rear': coilSpring,
  'strut-mount': strutMount,
  'shock-boot': boot,
  'rack-boot': boot,
  'lower-arm': controlArm,
  'ball-joint': ballJoint,
  'arm-bushing': bushing,
  'rear-bushing': bushing,
  'stabilizer-link': stabilizerLink,
  'tie-rod-end': tieRodEnd,
  'inner-tie-rod': innerTieRod,
  'wheel-bearing': wheelHub,
  'front-pads': padPair,
  'rear-pads': padPair,
  'front-disc': brakeDisc,
  caliper,
  'rear-drum': brakeDrum,
  'wheel-cylinder': wheelCylinder,
  alternator,
  starter,
  'voltage-regulator': finnedBox(true),
  'glow-relay': relayBox,
  cdi: relayBox,
  'regulator-rectifier': finnedBox(true),
  headlamp,
  'tail-lamp': tailLamp,
  'h4-bulb': bulb,
  'turn-signal': turnSignal,
  'front-bumper': bumper,
  grille,
  mirror,
  fender,
  'wiper-driver': wiperBlade,
  'wiper-passenger': wiperBlade,
  'wiper-motor': wiperMotor,
  'piston-kit': piston,
  chain: chainSegment,
  'front-sprocket': sprocket(15, false),
  'rear-sprocket': sprocket(42, true),
  'clutch-plates': clutchPlates,
  'clutch-cable': cable,
  'fork-seal': forkSeal,
  'steering-bearing': taperBearing,
  'brake-shoes': brakeShoes,
  stator,
  battery,
};

/** Parts that a motorcycle catalogue draws differently (a motorcycle disc, wheel bearings as ball bearings). */
const MOTORCYCLE_DRAWINGS: Record<string, Draw> = {
  'front-disc': motoDisc,
  'wheel-bearing': ballBearing,
};

export function partDrawing(partType: string, pen: Pen, motorcycle = false): PartDrawing {
  const draw = (motorcycle && MOTORCYCLE_DRAWINGS[partType]) || PART_DRAWINGS[partType];
  if (!draw) throw new Error(`no drawing for the part type ${partType}`);
  return draw(pen);
}
