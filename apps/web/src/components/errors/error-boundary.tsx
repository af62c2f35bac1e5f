import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useT } from '../../i18n/use-t.ts';
import { commonText } from '../common-text.ts';

/** A class component cannot call hooks: its words come through this one. */
const CommonWord = ({ id }: { id: 'retry' | 'screenError' }) => useT(commonText)(id);
import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { children: ReactNode; title?: string };
type State = { error: Error | null };

/** A crash in one area shows a message with a retry here instead of blanking the whole app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('screen crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => this.setState({ error: null })}>
            <CommonWord id="retry" />
          </Button>
        }
      >
        {this.props.title ?? <CommonWord id="screenError" />} {this.state.error.message}
      </Alert>
    );
  }
}
