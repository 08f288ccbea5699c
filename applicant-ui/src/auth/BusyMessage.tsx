import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A spinner with a visible message, announced politely (sign-in and sign-out in progress). */
export function BusyMessage({ message }: { message: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }}>
      <CircularProgress aria-hidden />
      <Typography>{message}</Typography>
    </Box>
  );
}
