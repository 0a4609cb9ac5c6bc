import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  Distribution,
  OperatingSystem,
  ProductId,
  ProductType,
} from '../../../contract/software.ts';

/** A new product, system or variant without words fails the type check. */
export const productDescriptions: Record<ProductId, MessageDescriptor> = {
  qgis: msg`Desktop GIS to create, edit and analyse maps and data, with your Web GIS at hand.`,
  formbuilder: msg`Design the forms your team fills in when collecting data in the field.`,
  mobile: msg`Maps, layers and data editing on your phone, online and offline.`,
  collector: msg`Collect field data straight into your Web GIS with ready-made forms.`,
  tracker: msg`Track people and vehicles and see their positions in your Web GIS.`,
};

export const productTypes: Record<ProductType, MessageDescriptor> = {
  desktop: msg`Desktop`,
  mobile: msg`Mobile`,
};

export const systemNames: Record<OperatingSystem, MessageDescriptor> = {
  win64: msg`Windows (64-bit)`,
  mac: msg`macOS`,
  android: msg`Android`,
  ios: msg`iOS`,
};

export const distributionNames: Record<Distribution, MessageDescriptor> = {
  network: msg`Network installer`,
  standalone: msg`Standalone installer`,
};
