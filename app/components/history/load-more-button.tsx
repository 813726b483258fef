import { Button, Flex } from "@radix-ui/themes";
import { historyTexts } from "~/messages/history";

/** The next page of entries, below the cards. */
export function LoadMoreButton({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  return (
    <Flex justify="center" mt="5">
      <Button size="3" variant="soft" onClick={onLoadMore} loading={loading}>
        {historyTexts.loadMore}
      </Button>
    </Flex>
  );
}
