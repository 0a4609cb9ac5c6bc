import type { AnyFormApi } from '@tanstack/react-form';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { draftOfferMachine, type DraftValues } from '../../machines/draft-offer.machine.ts';
import { inspect } from '../flows/inspect.ts';
import { clearDraft, readDraft, registerDraftKeeper, writeDraft } from './drafts.ts';

export interface FormDraftOptions {
  /** The signed-in user (username): a draft is offered only to the user who left it. */
  owner: string;
  /** The form, unique among the app's forms: `profile`, `team`… */
  name: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A signed-in page's form that survives the session's end (decision 0025): while it
 * holds values other than the ones it started with, a 401 that ends the session keeps
 * them (passwords aside) for this user and this form; back on the page after signing
 * in, the draft offer machine offers them. `saved()` after a successful save drops the
 * draft.
 */
export function useFormDraft(form: AnyFormApi, { owner, name }: FormDraftOptions) {
  const actorRef = useActorRef(draftOfferMachine, { inspect });
  const snapshot = useSelector(actorRef, (s) => s);
  const formRef = useRef(form);
  useEffect(() => {
    formRef.current = form;
  });

  useEffect(() => {
    const draft = readDraft(owner, name);
    if (draft) actorRef.send({ type: 'draft.found', values: draft });
    const restore = actorRef.on('restore', ({ values }: { values: DraftValues }) => {
      for (const [field, value] of Object.entries(values)) {
        if (field in formRef.current.state.values) formRef.current.setFieldValue(field, value);
      }
    });
    const forget = actorRef.on('forget', () => clearDraft(owner, name));
    const stopKeeping = registerDraftKeeper(() => {
      const { values } = formRef.current.state;
      if (!same(values, formRef.current.options.defaultValues)) writeDraft(owner, name, values);
    });
    return () => {
      restore.unsubscribe();
      forget.unsubscribe();
      stopKeeping();
    };
  }, [actorRef, owner, name]);

  const saved = useCallback(() => actorRef.send({ type: 'form.saved' }), [actorRef]);
  return { snapshot, send: actorRef.send, saved };
}
