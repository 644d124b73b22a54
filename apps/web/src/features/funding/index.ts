export { FundingPage } from './components/funding-page';
