import type { AnyFormApi } from '@tanstack/react-form';
import { useActorRef, useSelector } from '@xstate/react';
import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useRef,
  type ReactNode,
} from 'react';
import type { SnapshotFrom } from 'xstate';
import {
  draftOfferMachine,
  type DraftOfferEvent,
  type DraftValues,
} from '../../machines/draft-offer.machine.ts';
import { inspect } from '../flows/inspect.ts';
import { clearDraft, readDraft, registerDraftKeeper, writeDraft } from './drafts.ts';

/** Where a form's edits are: in a form kit form, or in a machine's context. */
export interface DraftSource {
  /** What the form holds that is not saved, or null when it holds nothing new. */
  unsaved(): DraftValues | null;
  /** Puts a draft's values back into the form, unsaved. */
  restore(values: DraftValues): void;
}

/** A form's draft: the offer (for DraftOfferView) and the form it keeps, once connected. */
export interface FormDraft {
  snapshot: SnapshotFrom<typeof draftOfferMachine>;
  send: (event: DraftOfferEvent) => void;
  /** The form whose values are kept and restored, until the returned function runs. */
  connect(source: DraftSource): () => void;
  /** A form kit form's values, other than those it started with (`useMachineForm`). */
  connectForm(form: () => AnyFormApi): () => void;
}

const DraftOwner = createContext<string | null>(null);

/** The signed-in user (username) of the account pages: drafts are theirs alone. */
export function DraftOwnerProvider({ owner, children }: { owner: string; children: ReactNode }) {
  return createElement(DraftOwner.Provider, { value: owner }, children);
}

/**
 * A signed-in page's form that survives the session's end (decision 0025): while the
 * connected form holds unsaved values, a 401 that ends the session keeps them
 * (passwords aside) for this user under `name`; back on the page after signing in, the
 * draft offer machine offers them. `saved` turning true (the form's values were saved)
 * drops the draft. Outside the account pages (no owner) it keeps and offers nothing.
 */
export function useDraft(name: string, saved = false): FormDraft {
  const owner = useContext(DraftOwner);
  const actorRef = useActorRef(draftOfferMachine, { inspect });
  const snapshot = useSelector(actorRef, (s) => s);
  const source = useRef<DraftSource | null>(null);
  const connect = useCallback((next: DraftSource) => {
    source.current = next;
    return () => {
      if (source.current === next) source.current = null;
    };
  }, []);

  useEffect(() => {
    if (owner === null) return;
    const draft = readDraft(owner, name);
    if (draft) actorRef.send({ type: 'draft.found', values: draft });
    const restore = actorRef.on('restore', ({ values }) => source.current?.restore(values));
    const forget = actorRef.on('forget', () => clearDraft(owner, name));
    const stopKeeping = registerDraftKeeper(() => {
      const values = source.current?.unsaved();
      if (values) writeDraft(owner, name, values);
    });
    return () => {
      restore.unsubscribe();
      forget.unsubscribe();
      stopKeeping();
    };
  }, [actorRef, owner, name]);

  useEffect(() => {
    if (saved) actorRef.send({ type: 'form.saved' });
  }, [actorRef, saved]);

  const connectForm = useCallback((form: () => AnyFormApi) => connect(formSource(form)), [connect]);

  return { snapshot, send: actorRef.send, connect, connectForm };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A form kit form as a draft's source: what it holds other than its first values. */
function formSource(form: () => AnyFormApi): DraftSource {
  return {
    unsaved: () => {
      const { values } = form().state as { values: DraftValues };
      return same(values, form().options.defaultValues) ? null : values;
    },
    restore: (values) => {
      for (const [field, value] of Object.entries(values)) {
        if (field in form().state.values) form().setFieldValue(field, value);
      }
    },
  };
}
