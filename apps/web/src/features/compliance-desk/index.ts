export { ComplianceDeskPage } from './components/compliance-desk-page';
