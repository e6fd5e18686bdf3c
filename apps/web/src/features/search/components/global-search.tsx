import { SEARCH_POPUP_MAX_HEIGHT, SEARCH_POPUP_WIDTH } from '@hosewright/domain';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchPageHref } from '../lib/format';
import { type GlobalSearch as SearchState, useGlobalSearch } from '../lib/use-global-search';
import { SearchResultsList } from './search-results-list';

interface SearchFieldProps {
  search: SearchState;
  listId: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  onArrowDown: () => void;
  /** Enter: every result on the /search page. */
  onSubmit: () => void;
  /** 'bar': on the app bar's colour, labelled for assistive technology; 'sheet': a visible label. */
  tone: 'bar' | 'sheet';
  autoFocus?: boolean;
}

/** Labelled Search, compact, outlined, clearable, autofocused. */
function SearchField({
  search,
  listId,
  inputRef,
  onArrowDown,
  onSubmit,
  tone,
  autoFocus = true,
}: SearchFieldProps) {
  const { t } = useTranslation();
  const isBar = tone === 'bar';
  return (
    <TextField
      inputRef={inputRef}
      type="search"
      size="small"
      variant="outlined"
      fullWidth
      autoFocus={autoFocus}
      autoComplete="off"
      {...(isBar ? { placeholder: t('search.label') } : { label: t('search.label') })}
      value={search.text}
      onChange={(event) => search.setText(event.target.value)}
      onFocus={() => search.setOpen(true)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') search.setOpen(false);
        if (event.key === 'Enter' && search.text.trim() !== '') {
          event.preventDefault();
          onSubmit();
        }
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          search.setOpen(true);
          onArrowDown();
        }
      }}
      slotProps={{
        htmlInput: {
          role: 'combobox',
          'aria-label': t('search.label'),
          'aria-expanded': search.isOpen,
          'aria-controls': search.isOpen ? listId : undefined,
          'aria-autocomplete': 'list',
          enterKeyHint: 'search',
        },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
          endAdornment: search.text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('search.clear')}
                onClick={() => {
                  search.setText('');
                  inputRef.current?.focus();
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : null,
          // The browser's own clear button would duplicate ours.
          sx: isBar
            ? {
                bgcolor: 'background.paper',
                borderRadius: 1,
                '& input::-webkit-search-cancel-button': { display: 'none' },
              }
            : { '& input::-webkit-search-cancel-button': { display: 'none' } },
        },
      }}
    />
  );
}

function focusFirstLink(container: HTMLElement | null) {
  container?.querySelector<HTMLElement>('a')?.focus();
}

/** The top bar's search menu on wider screens: the field and a popup up to 400 wide and 500 high. */
export function GlobalSearchMenu({ onClickedLink }: { onClickedLink?: () => void }) {
  const search = useGlobalSearch(onClickedLink ? { onClickedLink } : {});
  const navigate = useNavigate();
  const anchor = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const listId = useId();
  const isVisible = search.isOpen && search.text.trim() !== '';

  return (
    <ClickAwayListener onClickAway={() => search.setOpen(false)}>
      <Box ref={anchor} sx={{ width: { sm: 200, md: 300 }, flexShrink: 1, minWidth: 120 }}>
        <SearchField
          search={search}
          listId={listId}
          inputRef={inputRef}
          tone="bar"
          onArrowDown={() => focusFirstLink(popup.current)}
          onSubmit={() => {
            void navigate(searchPageHref(search.text.trim()));
            search.onLinkClicked();
          }}
        />
        <Popper
          open={isVisible}
          anchorEl={anchor.current}
          placement="bottom-end"
          disablePortal
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
        >
          <Paper
            ref={popup}
            elevation={8}
            data-testid="search-popup"
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                search.setOpen(false);
                inputRef.current?.focus();
              }
            }}
            sx={{
              mt: 0.5,
              width: SEARCH_POPUP_WIDTH,
              maxWidth: 'calc(100vw - 16px)',
              maxHeight: SEARCH_POPUP_MAX_HEIGHT,
              overflowY: 'auto',
            }}
          >
            <SearchResultsList
              id={listId}
              text={search.text}
              answer={search.answer}
              isSearching={search.isSearching}
              onLinkClick={search.onLinkClicked}
              onLeaveTop={() => inputRef.current?.focus()}
            />
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}

/** The same search inside the phone's bottom sheet: the field, then the rows below it. */
export function GlobalSearchPanel({ onNavigate }: { onNavigate?: () => void }) {
  const search = useGlobalSearch();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const listId = useId();
  const isVisible = search.isOpen && search.text.trim() !== '';
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <SearchField
        search={search}
        listId={listId}
        inputRef={inputRef}
        tone="sheet"
        onArrowDown={() => focusFirstLink(list.current)}
        onSubmit={() => {
          void navigate(searchPageHref(search.text.trim()));
          search.onLinkClicked();
          onNavigate?.();
        }}
      />
      <Box ref={list} data-testid="search-popup" sx={{ display: isVisible ? 'block' : 'none' }}>
        {isVisible ? (
          <SearchResultsList
            id={listId}
            text={search.text}
            answer={search.answer}
            isSearching={search.isSearching}
            onLinkClick={() => {
              search.onLinkClicked();
              onNavigate?.();
            }}
            onLeaveTop={() => inputRef.current?.focus()}
          />
        ) : null}
      </Box>
    </Box>
  );
}
