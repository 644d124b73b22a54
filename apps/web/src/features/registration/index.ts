export { RegisterChoicePage } from './components/register-choice-page';
export { PersonalRegistrationPage, BusinessRegistrationPage } from './components/registration-page';
export { ActivatePage } from './components/activate-page';
