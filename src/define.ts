/** The one side effect of the package: defines `<kyc-widget>`. Safe to import twice, and in Node. */
import { defineKycWidget } from './index';

defineKycWidget();

export { defineKycWidget };
