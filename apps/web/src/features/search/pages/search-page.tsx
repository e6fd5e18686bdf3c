import { SEARCH_PAGE_SIZE, SEARCH_TOTAL_CAP } from '@hosewright/domain';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { searchQuery } from '@/api/search';
import { CentredProgress } from '@/components/centred-progress';
import { PageHeader } from '@/components/page-header';
import { useOrganizationSetting } from '@/lib/organization-settings';
import { SearchTypeIcon } from '../components/search-type-icon';
import { dedupeByUrl, searchResultHref, searchResultSubtitle, searchResultTitle } from '../lib/format';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** `/search?q=&page=`: every result for a text, ten to a page (the global search's 'see more' links here). */
export function SearchPage() {
  const { t } = useTranslation();
  const revisionDelimiter = useOrganizationSetting('revisionDelimiter');
  const [params, setParams] = useSearchParams();
  const text = (params.get('q') ?? '').trim();
  const page = readPage(params.get('page'));
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);
  const query = useQuery(searchQuery({ text, page }));
  const data = query.data;
  const items = data ? dedupeByUrl(data.items) : [];
  const pageCount = data ? Math.max(1, Math.ceil(data.total / SEARCH_PAGE_SIZE)) : 1;

  const submit = (value: string) => {
    const next = new URLSearchParams();
    if (value.trim()) next.set('q', value.trim());
    setParams(next);
  };

  return (
    <>
      <PageHeader title={t('search.page.title')} icon={<SearchIcon />} subtitle={t('search.page.subtitle')} />
      <Box
        component="form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit(draft);
        }}
        sx={{ display: 'flex', gap: 1, mb: 2, maxWidth: 640 }}
      >
        <TextField
          type="search"
          size="small"
          label={t('search.label')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          fullWidth
          autoComplete="off"
          slotProps={{
            htmlInput: { enterKeyHint: 'search' },
            input: {
              sx: { '& input::-webkit-search-cancel-button': { display: 'none' } },
              endAdornment: draft ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={t('search.clear')}
                    onClick={() => submit('')}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : null,
            },
          }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t('search.label')}
        </Button>
      </Box>

      {text === '' ? (
        <Typography color="text.secondary">{t('search.page.prompt')}</Typography>
      ) : query.isPending ? (
        <CentredProgress />
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('search.page.loadFailed')}
        </Alert>
      ) : data && (data.total === 0 || items.length === 0) ? (
        <Box sx={{ py: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {t('search.page.noResults', { text })}
          </Typography>
          <Typography color="text.secondary">{t('search.page.noResultsHelp')}</Typography>
        </Box>
      ) : data ? (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {data.total >= SEARCH_TOTAL_CAP
              ? t('search.page.totalCapped', { count: SEARCH_TOTAL_CAP, text })
              : t('search.page.total', { count: data.total, text })}
          </Typography>
          <Paper variant="outlined" sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <List aria-label={t('search.resultsLabel')} sx={{ py: 0 }}>
              {items.map((result, index) => {
                const subtitle = searchResultSubtitle(result);
                return (
                  <li key={result.url}>
                    <ListItemButton
                      component={RouterLink}
                      to={searchResultHref(result)}
                      divider={index < items.length - 1}
                      sx={{ py: 1.25 }}
                    >
                      <ListItemIcon sx={{ minWidth: 44 }}>
                        <SearchTypeIcon type={result.objectType} color="primary" />
                      </ListItemIcon>
                      <ListItemText
                        primary={searchResultTitle(result, revisionDelimiter)}
                        secondary={subtitle || null}
                        slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
                      />
                    </ListItemButton>
                  </li>
                );
              })}
            </List>
          </Paper>
          {pageCount > 1 ? (
            <Box
              component="nav"
              aria-label={t('search.page.pages')}
              sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}
            >
              <Pagination
                count={pageCount}
                page={Math.min(page, pageCount)}
                siblingCount={0}
                onChange={(_event, next) => {
                  const nextParams = new URLSearchParams(params);
                  if (next > 1) nextParams.set('page', String(next));
                  else nextParams.delete('page');
                  setParams(nextParams);
                  window.scrollTo(0, 0);
                }}
              />
            </Box>
          ) : null}
        </>
      ) : null}
    </>
  );
}
