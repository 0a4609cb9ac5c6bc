import { fromPromise } from 'xstate';
import { dismissMailNotice } from '../api/profile.api.ts';
import { mailNoticeMachine } from '../../machines/mail-notice.machine.ts';

export const liveMailNoticeMachine = mailNoticeMachine.provide({
  actors: { dismissNotice: fromPromise(({ signal }) => dismissMailNotice(signal)) },
});
