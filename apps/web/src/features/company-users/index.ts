export { CompanyUsersPage } from './components/company-users-page';
