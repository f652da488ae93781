// Back office: staff login, TOTP enrolment and verification, password change, the staff member (helper: staff auth).
export {};
