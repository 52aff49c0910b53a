// Answers of the staff calls: the shared schemas of @market/domain/api/staff.
export { InvitationOut, StaffListOut, StaffMeOut, StaffMemberOut } from '@market/domain/api/staff';
