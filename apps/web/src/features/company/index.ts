export { CompanyPage } from './components/company-page';
export { CompanySectionPage } from './components/company-section-page';
export { CompanyEmailsPage } from './components/company-emails-page';
