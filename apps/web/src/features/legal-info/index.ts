export { LegalInfoPage } from './components/legal-info-page';
