import { resolveSettings, type SettingSpec } from './ruleset';

const specs: SettingSpec[] = [
  { name: 'worlds', type: 'int', default: 0, min: 0, max: 300, help: '' },
  { name: 'fog', type: 'bool', default: true, help: '' },
  { name: 'map', type: 'enum', default: 'hex', values: ['hex', 'square'], help: '' },
];

describe('resolveSettings', () => {
  test('fills defaults and drops unknown names', () => {
    expect(resolveSettings(specs, { other: 1 })).toEqual({
      settings: { worlds: 0, fog: true, map: 'hex' },
      errors: [],
    });
  });

  test('keeps valid values and reports bad ones', () => {
    expect(resolveSettings(specs, { worlds: 120, fog: false, map: 'square' }).settings).toEqual({
      worlds: 120,
      fog: false,
      map: 'square',
    });
    const { errors } = resolveSettings(specs, { worlds: 301, fog: 'yes', map: 'round' });
    expect(errors).toHaveLength(3);
    expect(resolveSettings(specs, { worlds: 1.5 }).errors).toEqual(['worlds: an integer from 0 to 300']);
  });
});
