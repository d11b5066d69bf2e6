import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH, dialogStyle } from '../../../shared/ui/dialogWidth';

export interface CompositionStepperProps {
  campaignId: number;
  initialStep: 0 | 1 | 2;
  visible: boolean;
  onHide: () => void;
  onSaved: () => void;
}

/** Placeholder of the composition stepper (branch cc writes the real one); it only shows its title. */
export default function CompositionStepper({ visible, onHide }: CompositionStepperProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('campaign_stepper.title')}
      modal
      draggable={false}
      resizable={false}
      style={dialogStyle(DIALOG_WIDTH.wide)}
    >
      <span />
    </Dialog>
  );
}
