export { AuditPageOut } from '@market/domain/api/staff';
