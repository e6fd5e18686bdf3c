import { type PriceListDetail, type PriceListItemRow, priceListPath } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  priceListQuery,
  useDeletePriceList,
  useDiscardPriceListDraft,
  useRemovePriceListItem,
} from '@/api/pricelists';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { BackLink, RecordLoad } from '@/components/record-page';
import { Section } from '@/components/section';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { DetailsForm } from '../components/details-form';
import { ItemPriceForm } from '../components/item-price-form';
import { ItemsTable } from '../components/items-table';
import { ReviewPanel } from '../components/review-panel';

/**
 * `/pricelist/{priceListId}/edit` (admins of an enterprise organisation): the list's name, description and
 * customers; its draft, item by item; the review of the draft and its publication from a chosen day; and
 * discarding the draft or deleting the list.
 */
export function PriceListEditPage() {
  const { t } = useTranslation();
  const { priceListId = '' } = useParams();
  const list = useQuery(priceListQuery(priceListId));
  const back = priceListPath(encodeURIComponent(priceListId));
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <BackLink href={back}>{list.data?.name ?? t('priceLists.backToList')}</BackLink>
      <RecordLoad
        query={list}
        notFound={t('priceLists.form.notFound')}
        loadFailed={t('priceLists.form.loadFailed')}
      >
        {(loaded) => <Editor list={loaded} />}
      </RecordLoad>
    </Stack>
  );
}

function Editor({ list }: { list: PriceListDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((s) => s.show);
  const [editing, setEditing] = useState<PriceListItemRow | 'new' | null>(null);
  const [confirming, setConfirming] = useState<'discard' | 'delete' | null>(null);
  const remove = useRemovePriceListItem(list._id);
  const discard = useDiscardPriceListDraft(list._id);
  const deleteList = useDeletePriceList();
  const draft = list.versions.find((v) => v.effectiveFrom === null);
  const page = priceListPath(encodeURIComponent(list._id));
  const failed = (error: Error) => showSnackbar('warning', `${t('priceLists.edit.failed')} ${error.message}`);

  const actions = (row: PriceListItemRow) => (
    <Box sx={{ display: 'flex' }}>
      <IconButton
        size="small"
        aria-label={t('priceLists.edit.changeItem', { partNumber: row.partNumber })}
        onClick={() => setEditing(row)}
      >
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={t('priceLists.edit.removeItem', { partNumber: row.partNumber })}
        onClick={() =>
          remove.mutate(
            { itemType: row.itemType, itemId: row.itemId },
            {
              onSuccess: () =>
                showSnackbar('success', t('priceLists.edit.itemRemoved', { partNumber: row.partNumber })),
              onError: failed,
            },
          )
        }
      >
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Box>
  );

  return (
    <>
      <PageHeader
        title={t('priceLists.form.editTitle', { name: list.name })}
        icon={<RequestQuoteOutlinedIcon />}
        subtitle={list.currency}
        actions={
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => setConfirming('delete')}
          >
            {t('priceLists.edit.delete')}
          </Button>
        }
      />
      <Section title={t('priceLists.edit.details')}>
        <DetailsForm
          list={list}
          onSaved={() => showSnackbar('success', t('priceLists.form.saved'))}
          onCancel={() => navigate(page)}
        />
      </Section>
      <Section
        title={t('priceLists.edit.draft')}
        action={
          draft ? (
            <Button color="error" onClick={() => setConfirming('discard')}>
              {t('priceLists.edit.discard')}
            </Button>
          ) : undefined
        }
      >
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('priceLists.edit.draftHelp')}
          </Typography>
          <Typography>
            {draft
              ? t('priceLists.edit.draftItems', { count: draft.itemCount })
              : t('priceLists.edit.noDraft')}
          </Typography>
          {editing ? (
            <ItemPriceForm
              key={editing === 'new' ? 'new' : `${editing.itemType}:${editing.itemId}`}
              listId={list._id}
              currency={list.currency}
              editing={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          ) : (
            <Box>
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                {t('priceLists.edit.addItem')}
              </Button>
            </Box>
          )}
          {draft ? <ItemsTable list={list} draftOnly actions={actions} /> : null}
        </Stack>
      </Section>
      {draft ? (
        <Section title={t('priceLists.edit.reviewTitle')}>
          <ReviewPanel key={draft._id} list={list} />
        </Section>
      ) : null}
      <ConfirmDialog
        open={confirming === 'discard'}
        title={t('priceLists.edit.discardTitle')}
        confirmLabel={t('priceLists.edit.discard')}
        tone="error"
        isBusy={discard.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          discard.mutate(undefined, {
            onSuccess: () => {
              setConfirming(null);
              showSnackbar('success', t('priceLists.edit.discarded'));
            },
            onError: (error) => {
              setConfirming(null);
              failed(error);
            },
          })
        }
      >
        {t('priceLists.edit.discardText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'delete'}
        title={t('priceLists.edit.deleteTitle', { name: list.name })}
        confirmLabel={t('priceLists.edit.delete')}
        tone="error"
        isBusy={deleteList.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          deleteList.mutate(list._id, {
            onSuccess: () => {
              showSnackbar('success', t('priceLists.edit.deleted'));
              navigate('/pricelists');
            },
            onError: (error) => {
              setConfirming(null);
              failed(error);
            },
          })
        }
      >
        {t('priceLists.edit.deleteText')}
      </ConfirmDialog>
    </>
  );
}
