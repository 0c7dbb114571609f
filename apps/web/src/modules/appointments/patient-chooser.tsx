import { lazy, Suspense, useState } from 'react';
import { Button, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { MedicalProfile } from '@portal/shared/contracts/patients.contract';
import { draftOfQuery } from './patient-chooser.logic';
import { BOOKING_UI } from './appointments.messages';
import { PatientPicker } from './patient-picker';

const ProfileForm = lazy(() => import('../patients/profile-form').then((m) => ({ default: m.ProfileForm })));

/**
 * The desk's patient field: find the patient (PatientPicker), or register one new to the hospital beside it
 * ("Bệnh nhân mới": the patients' profile form makes an account without a password and its holder's profile)
 * and have them chosen at once; what was searched for (a name, a phone) is already filled in. A form item's control: `value` is the chosen profile's id. The form's code
 * loads at the first click.
 */
export function PatientChooser({ value, onChange, autoFocus }: { value?: number; onChange?: (id: number) => void; autoFocus?: boolean }) {
  const [registering, setRegistering] = useState(false);
  const [used, setUsed] = useState(false);
  const [registered, setRegistered] = useState<MedicalProfile[]>([]);
  const [query, setQuery] = useState('');
  // the select empties its search when it loses the focus (a click on "Bệnh nhân mới"): the last text typed is kept
  const keepQuery = (q: string) => {
    if (q.trim() !== '') setQuery(q);
  };
  const choose = (p: MedicalProfile) => {
    setRegistering(false);
    setRegistered((list) => [p, ...list.filter((x) => x.id !== p.id)]);
    setQuery('');
    onChange?.(p.id);
  };
  const pick = (id: number) => {
    setQuery('');
    onChange?.(id);
  };
  return (
    <Flex gap={8}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <PatientPicker value={value} onChange={pick} autoFocus={autoFocus} known={registered} onQuery={keepQuery} />
      </div>
      <Button
        icon={<PlusOutlined />}
        onClick={() => {
          setUsed(true);
          setRegistering(true);
        }}
        data-testid="patient-new"
      >
        {BOOKING_UI.form.newPatient}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ProfileForm userId={null} profile={null} draft={draftOfQuery(query)} open={registering} onClose={() => setRegistering(false)} onSaved={choose} />
        </Suspense>
      )}
    </Flex>
  );
}
