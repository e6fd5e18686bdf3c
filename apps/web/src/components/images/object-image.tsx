/**
 * A picture of an object (its id: an assembly, a component, or the organisation for its logo), from the
 * device's picture cache (`@/api/images`), and a button that uploads a new one with a progress bar.
 */
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageQuery, useUploadImage } from '@/api/images';

/** An object URL of the object's picture, or null while loading or when it has none. */
export function useImageUrl(objectId: string | null | undefined): string | null {
  const { data } = useQuery(imageQuery(objectId ?? ''));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(data);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [data]);
  return url;
}

export function ObjectImage({
  objectId,
  alt,
  height = 40,
}: {
  objectId: string | null | undefined;
  alt: string;
  height?: number;
}) {
  const url = useImageUrl(objectId);
  if (!url) return null;
  return <Box component="img" src={url} alt={alt} sx={{ height, maxWidth: '100%', objectFit: 'contain' }} />;
}

export function ImageUploadButton({ objectId, label }: { objectId: string; label: string }) {
  const { t } = useTranslation();
  const upload = useUploadImage(objectId);
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('images.uploadFailed'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        onChange={onChange}
      />
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        startIcon={<AddPhotoAlternateIcon />}
        disabled={progress !== null}
      >
        {label}
      </Button>
      {progress !== null ? (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={t('images.uploading')}
          sx={{ mt: 1 }}
        />
      ) : null}
      {error ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}
