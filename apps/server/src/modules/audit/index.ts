export { audit } from './audit';
