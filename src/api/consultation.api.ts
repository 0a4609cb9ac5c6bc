import { Consultation, type ConsultationRequest } from '../../contract/consultation.ts';
import { call } from './client.ts';

/** Sends the on-premise page's consultation request (201). */
export function sendConsultation(request: ConsultationRequest, signal?: AbortSignal) {
  return call('v1/consultation/', Consultation, {
    method: 'POST',
    body: { ...request },
    signal,
    useCase: 'request_consultation',
  });
}
