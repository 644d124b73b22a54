import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CompanyFrame, isCompanySection } from './company-frame';
import { AddressesSection, DetailsSection } from './details-sections';
import { DueDiligenceSection, FinancialSection } from './finance-sections';

/** /company/{path}: one section of the company's details; an unknown path goes to the overview. */
export function CompanySectionPage() {
  const { t } = useTranslation();
  const { section } = useParams();
  if (!isCompanySection(section)) return <Navigate to="/company" replace />;
  return (
    <CompanyFrame pageTitle={t(`companyInfo.sections.${section}.title`)}>
      {(info, editable) => {
        switch (section) {
          case 'details':
            return <DetailsSection info={info} editable={editable} />;
          case 'addresses':
            return <AddressesSection info={info} editable={editable} />;
          case 'financial':
            return <FinancialSection info={info} editable={editable} />;
          case 'due-diligence':
            return <DueDiligenceSection info={info} editable={editable} />;
        }
      }}
    </CompanyFrame>
  );
}
