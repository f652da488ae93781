import { documentReviewTexts } from '@wise/shared/admin';
import { PageHeader } from '#web/components/admin/page-header';
import { DocumentReviewQueue } from '#web/features/admin/identity/components/document-review-queue';

/** /admin/identity-documents (any staff member): Tier 2 ID and selfie reviews. */
export function AdminIdentityDocumentsRoute() {
  return (
    <>
      <PageHeader
        title={documentReviewTexts.title}
        description="Compare the selfie with the ID's photo, and the ID's name and date of birth with the customer's BVN or NIN."
      />
      <DocumentReviewQueue />
    </>
  );
}
