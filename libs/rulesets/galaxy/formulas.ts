import { EPS, type Group, type Planet, type ShipType, type Tech } from './state';

/** The book's formulas (digest §6, §7.3). */

export const weaponsMass = (t: ShipType): number =>
  t.attacks > 0 ? t.weapons + ((t.attacks - 1) * t.weapons) / 2 : 0;
export const typeMass = (t: ShipType): number => t.drive + weaponsMass(t) + t.shields + t.cargo;
/** PP per ship; it also needs typeMass MAT. */
export const shipCost = (t: ShipType): number => 10 * typeMass(t);
export const capacity = (t: ShipType, cargoTech: number): number =>
  cargoTech * (t.cargo + (t.cargo * t.cargo) / 10);
export const shipMass = (t: ShipType, g: Pick<Group, 'load' | 'tech'>): number =>
  typeMass(t) + (g.load > 0 ? g.load / g.tech.cargo : 0);
export const speed = (t: ShipType, g: Pick<Group, 'load' | 'tech'>): number =>
  t.drive > 0 ? (20 * t.drive * g.tech.drive) / shipMass(t, g) : 0;

export const attackOf = (t: ShipType, g: Group): number => t.weapons * g.tech.weapons;
export const defenceOf = (t: ShipType, g: Pick<Group, 'load' | 'tech'>): number =>
  t.shields * g.tech.shields * Math.cbrt(30 / shipMass(t, g));
export function killProbability(attack: number, defence: number): number {
  if (attack <= 0) return 0;
  if (defence <= 0) return 1;
  return Math.min(1, Math.max(0, (Math.log(attack / defence) / Math.log(4) + 1) / 2));
}

export const productionOf = (p: Pick<Planet, 'population' | 'industry'>): number =>
  p.industry + (p.population - p.industry) / 4;

/** PP to build this much ship mass, making the MAT the stockpile lacks at 1/NR PP each (§6.5). */
export const buildCost = (mass: number, materials: number, resources: number): number =>
  10 * mass + Math.max(0, mass - materials) / resources;

/** Ships a budget builds, and what it costs (§6.5). */
export function shipsBuilt(
  mass: number,
  budget: number,
  materials: number,
  resources: number,
): { n: number; cost: number } {
  const costOf = (n: number) => buildCost(mass * n, materials, resources);
  const nA = Math.floor(budget / (10 * mass) + EPS);
  let n =
    nA * mass <= materials + EPS
      ? nA
      : Math.max(
          Math.floor(materials / mass + EPS),
          Math.floor((budget + materials / resources) / (10 * mass + mass / resources) + EPS),
        );
  while (n > 0 && costOf(n) > budget + EPS) n--;
  return { n, cost: costOf(n) };
}

/** Per-ship PP to bring a group's components to the race's techs (§6.9). */
export function upgradeCost(t: ShipType, have: Tech, want: Tech): number {
  const gap = (h: number, w: number) => Math.max(0, 1 - h / w);
  return (
    10 *
    (gap(have.drive, want.drive) * t.drive +
      gap(have.weapons, want.weapons) * weaponsMass(t) +
      gap(have.shields, want.shields) * t.shields +
      gap(have.cargo, want.cargo) * t.cargo)
  );
}

/** The techs a ship of this type gets: the race's, 0 for components it lacks. */
export const builtTech = (t: ShipType, race: Tech): Tech => ({
  drive: t.drive > 0 ? race.drive : 0,
  weapons: t.attacks > 0 ? race.weapons : 0,
  shields: t.shields > 0 ? race.shields : 0,
  cargo: t.cargo > 0 ? race.cargo : 0,
});

export const distance = (a: { x: number; y: number }, b: { x: number; y: number }): number =>
  Math.hypot(a.x - b.x, a.y - b.y);
