import * as v from 'valibot';

export const planIds = ['free', 'mini', 'premium'] as const;
export const PlanId = v.picklist(planIds);
export type PlanId = v.InferOutput<typeof PlanId>;

export const Timezone = v.object({
  ianaName: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  offset: v.pipe(v.number(), v.integer(), v.minValue(-840), v.maxValue(840)),
});
export type Timezone = v.InferOutput<typeof Timezone>;

/** GET /api/v1/profile/: the signed-in user. */
export const Profile = v.object({
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  company: v.string(),
  industry: v.string(),
  role: v.string(),
  email: v.string(),
  phone: v.string(),
  country: v.string(),
  timezone: v.nullable(Timezone),
  plan: PlanId,
  team_plan: v.nullable(PlanId),
  webgis_url: v.nullable(v.string()),
  userpic_url: v.nullable(v.string()),
});
export type Profile = v.InferOutput<typeof Profile>;

/** POST /api/v1/user_timezone_info/ */
export const TimezoneUpdate = v.object({ timezone: Timezone });
export type TimezoneUpdate = v.InferOutput<typeof TimezoneUpdate>;
