import DownloadIcon from '@mui/icons-material/Download';
import GridOnIcon from '@mui/icons-material/GridOn';
import { Button, useNotify } from 'react-admin';
import { downloadFrameworkFile } from './frameworks';

/** The empty template and the example framework, for administrators preparing a file. */
export function FrameworkFileButtons() {
  const notify = useNotify();
  const download = (which: 'template' | 'example') => () =>
    downloadFrameworkFile(which).catch(() => notify('pages.admin.error', { type: 'error' }));
  return (
    <>
      <Button label="pages.admin.impact-framework.download-template" onClick={download('template')}>
        <GridOnIcon />
      </Button>
      <Button label="pages.admin.impact-framework.download-example" onClick={download('example')}>
        <DownloadIcon />
      </Button>
    </>
  );
}
