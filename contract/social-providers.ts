import * as v from 'valibot';

/** Social identity providers, Yandex first (section 1). */
export const socialProviders = ['yandex', 'google', 'github'] as const;
export const SocialProvider = v.picklist(socialProviders);
export type SocialProvider = v.InferOutput<typeof SocialProvider>;
