import { SEARCH_SEE_MORE_AT } from '@hosewright/domain';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOrganizationSetting } from '@/lib/organization-settings';
import { searchPageHref, searchResultHref, searchResultSubtitle, searchResultTitle } from '../lib/format';
import type { GlobalSearchAnswer } from '../lib/use-global-search';
import { SearchTypeIcon } from './search-type-icon';

interface SearchResultsListProps {
  id?: string;
  /** The text typed (for the /search links). */
  text: string;
  answer: GlobalSearchAnswer | null;
  isSearching: boolean;
  onLinkClick: () => void;
  /** Up from the first row: back to the field. */
  onLeaveTop?: () => void;
}

/** Arrow keys move between the rows' links. */
function moveFocus(event: KeyboardEvent<HTMLElement>, onLeaveTop?: () => void) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = [...event.currentTarget.querySelectorAll<HTMLElement>('a')];
  const index = links.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  const next = index + (event.key === 'ArrowDown' ? 1 : -1);
  if (next < 0) onLeaveTop?.();
  else links[Math.min(next, links.length - 1)]?.focus();
}

/** The rows of the search menu: results, then 'See more...' (at 10 or more) or 'No results found'. */
export function SearchResultsList({
  id,
  text,
  answer,
  isSearching,
  onLinkClick,
  onLeaveTop,
}: SearchResultsListProps) {
  const { t } = useTranslation();
  const revisionDelimiter = useOrganizationSetting('revisionDelimiter');
  const query = text.trim();
  const showNoResults = answer !== null && (answer.failed || answer.total === 0 || answer.items.length === 0);
  const showSeeMore = answer !== null && !showNoResults && answer.total >= SEARCH_SEE_MORE_AT;

  return (
    <List
      id={id}
      dense
      aria-label={t('search.resultsLabel')}
      aria-busy={isSearching ? 'true' : undefined}
      onKeyDown={(event) => moveFocus(event, onLeaveTop)}
      sx={{ py: 0 }}
    >
      {isSearching ? (
        <LinearProgress aria-label={t('search.searching')} sx={{ position: 'sticky', top: 0, zIndex: 1 }} />
      ) : null}
      {answer === null && isSearching ? (
        <ListItem>
          <ListItemText secondary={t('search.searching')} />
        </ListItem>
      ) : null}
      {answer && !showNoResults
        ? answer.items.map((result) => {
            const subtitle = searchResultSubtitle(result);
            return (
              <li key={result.url}>
                <ListItemButton component={RouterLink} to={searchResultHref(result)} onClick={onLinkClick}>
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <SearchTypeIcon type={result.objectType} color="primary" />
                  </ListItemIcon>
                  <ListItemText
                    primary={searchResultTitle(result, revisionDelimiter)}
                    secondary={subtitle || null}
                    slotProps={{
                      primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
                      secondary: { noWrap: true },
                    }}
                  />
                </ListItemButton>
              </li>
            );
          })
        : null}
      {showSeeMore ? (
        <li>
          <ListItemButton
            component={RouterLink}
            to={searchPageHref(query)}
            onClick={onLinkClick}
            divider={false}
          >
            <ListItemText
              primary={t('search.seeMore')}
              slotProps={{ primary: { color: 'primary', sx: { fontWeight: 600 } } }}
            />
            <ChevronRightIcon color="primary" aria-hidden />
          </ListItemButton>
        </li>
      ) : null}
      {showNoResults ? (
        <li>
          <ListItemButton component={RouterLink} to={searchPageHref(query)} onClick={onLinkClick}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <SearchOffIcon aria-hidden />
            </ListItemIcon>
            <ListItemText primary={t('search.noResults')} />
          </ListItemButton>
        </li>
      ) : null}
    </List>
  );
}
