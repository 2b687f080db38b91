/** Unit tests sit beside the code (*.spec.ts); end-to-end, fault and load tests under test/ (*.test.ts). */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^@warpgate/(event-store|engine|contracts|platform)$': '<rootDir>/libs/$1/src',
    '^@warpgate/rulesets$': '<rootDir>/libs/rulesets',
    '^@warpgate/rulesets/(.*)$': '<rootDir>/libs/rulesets/$1',
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
