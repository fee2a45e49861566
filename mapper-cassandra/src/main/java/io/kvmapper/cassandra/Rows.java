package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletionStage;

/**
 * The rows of a query sent asynchronously, page by page: the first page is requested when the query is sent,
 * each next one when the iteration reaches the end of the last. Several of them, sent at once, run
 * concurrently.
 */
final class Rows implements Iterator<Row> {
    private CompletionStage<AsyncResultSet> pending;
    private AsyncResultSet page;
    private Iterator<Row> rows;

    Rows(CompletionStage<AsyncResultSet> firstPage) {
        this.pending = firstPage;
    }

    @Override
    public boolean hasNext() {
        while (true) {
            if (rows == null) {
                page = CassandraBackend.join(pending);
                rows = page.currentPage().iterator();
                pending = null;
            }
            if (rows.hasNext()) {
                return true;
            }
            if (!page.hasMorePages()) {
                return false;
            }
            pending = page.fetchNextPage();
            rows = null;
        }
    }

    @Override
    public Row next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return rows.next();
    }
}
