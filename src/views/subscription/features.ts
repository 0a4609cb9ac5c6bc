import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PlanId } from '../../../contract/profile.ts';

interface Feature {
  text: MessageDescriptor;
  /** Shown in the Russian locale only. */
  ruOnly?: boolean;
}

/** Section 9: limits and extras of each plan. */
export const planFeatures: Record<PlanId, Feature[]> = {
  free: [
    { text: msg`1 user` },
    { text: msg`5 GB storage` },
    { text: msg`128 MB upload` },
    { text: msg`1 tracker` },
    { text: msg`Fewer than 30 maps and layers` },
    { text: msg`No private resources` },
    { text: msg`Publicly available resources` },
    { text: msg`Basemaps` },
    { text: msg`Toolbox` },
    { text: msg`All software` },
  ],
  mini: [
    { text: msg`1 user` },
    { text: msg`10 GB storage` },
    { text: msg`256 MB upload` },
    { text: msg`1 tracker` },
    { text: msg`Everything in Free` },
    { text: msg`CORS` },
    { text: msg`Lookup tables` },
  ],
  premium: [
    { text: msg`5+ users` },
    { text: msg`50+ GB storage` },
    { text: msg`2 GB upload` },
    { text: msg`5+ trackers` },
    { text: msg`5+ collectors` },
    { text: msg`Everything in Mini` },
    { text: msg`Privacy` },
    { text: msg`Extended toolbox` },
    { text: msg`Backups` },
    { text: msg`Domain name` },
    { text: msg`Branding` },
    { text: msg`Speed and support` },
    { text: msg`Geoservices and cadastre`, ruOnly: true },
  ],
};

/** Section 2: what a move to Free (or from Premium to Mini) takes away. */
export const freeRestrictions = [
  msg`1 user`,
  msg`Fewer than 30 maps and layers`,
  msg`Storage up to 5 GB`,
  msg`No private resources`,
];
export const miniRestrictions = [msg`1 user`, msg`1 tracker`, msg`Storage 10 GB`];
