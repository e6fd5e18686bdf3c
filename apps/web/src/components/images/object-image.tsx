/**
 * A picture of an object (its id: an assembly, a component, or the organisation for its logo), from the
 * device's picture cache (`@/api/images`), and a button that uploads a new one with a progress bar. The
 * object's record says whether it has a picture (`hasLogo`, a kit revision's `hasPicture`): one it does not
 * have is never asked for, so no request answers 404, and a placeholder stands in its place.
 */
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageQuery, useUploadImage } from '@/api/images';

/**
 * An object URL of the object's picture, or null while loading or when it has none; `hasPicture` is what
 * the object's record says, and without it nothing is asked for.
 */
export function useImageUrl(objectId: string | null | undefined, hasPicture: boolean): string | null {
  const { data } = useQuery({ ...imageQuery(objectId ?? ''), enabled: Boolean(objectId) && hasPicture });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data || !hasPicture) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(data);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [data, hasPicture]);
  return url;
}

/** The object's picture, `height` high; while it loads, or when there is none, a placeholder as high. */
export function ObjectImage({
  objectId,
  hasPicture,
  alt,
  height = 40,
}: {
  objectId: string | null | undefined;
  hasPicture: boolean;
  alt: string;
  height?: number;
}) {
  const { t } = useTranslation();
  const url = useImageUrl(objectId, hasPicture);
  if (url) {
    return (
      <Box component="img" src={url} alt={alt} sx={{ height, maxWidth: '100%', objectFit: 'contain' }} />
    );
  }
  return (
    <Box
      sx={{
        height,
        minWidth: height,
        px: 1,
        display: 'grid',
        placeItems: 'center',
        alignContent: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        color: 'text.secondary',
      }}
    >
      <ImageOutlinedIcon aria-hidden />
      {hasPicture ? null : <Typography variant="caption">{t('images.none')}</Typography>}
    </Box>
  );
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
