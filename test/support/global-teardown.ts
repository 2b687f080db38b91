import { endRun } from './test-run';

export default () => endRun();
