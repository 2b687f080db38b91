import { beginRun } from './test-run';

export default beginRun;
