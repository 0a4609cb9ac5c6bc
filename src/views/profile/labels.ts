import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { industries, roles } from '../../../contract/identity.ts';

export const industryLabels: Record<(typeof industries)[number], MessageDescriptor> = {
  agriculture: msg`Agriculture`,
  forestry: msg`Forestry`,
  environment: msg`Environment protection`,
  architecture: msg`Architecture and construction`,
  it: msg`Information technology`,
  retail: msg`Retail`,
  watermanagement: msg`Water management`,
  hunt: msg`Hunting`,
  funeral: msg`Funeral services`,
  telecom: msg`Telecommunications`,
  realestate: msg`Real estate`,
  transport: msg`Transport and logistics`,
  cadastre: msg`Cadastre and land management`,
  utilities: msg`Utilities`,
  tourism: msg`Tourism`,
  uav: msg`Drones (UAV)`,
  finances: msg`Finance and insurance`,
  manufacturing: msg`Manufacturing`,
  mining: msg`Mining`,
  energy: msg`Energy`,
  history: msg`History and archaeology`,
  healthcare: msg`Healthcare`,
  emergencies: msg`Emergency services`,
  elections: msg`Elections`,
  media: msg`Media`,
  mapping: msg`Mapping and surveying`,
  datascience: msg`Data science`,
};

export const roleLabels: Record<(typeof roles)[number], MessageDescriptor> = {
  student: msg`Student`,
  employee: msg`Employee`,
  freelancer: msg`Freelancer`,
  unemployed: msg`Unemployed`,
  selfEmployed: msg`Self-employed`,
  intern: msg`Intern`,
};
