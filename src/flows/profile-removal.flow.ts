import { fromPromise } from 'xstate';
import { profileRemovalMachine } from '../../machines/profile-removal.machine.ts';
import { deleteProfile } from '../api/profile.api.ts';

export const liveProfileRemovalMachine = profileRemovalMachine.provide({
  actors: { deleteProfile: fromPromise(({ signal }) => deleteProfile(signal)) },
});
