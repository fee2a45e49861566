package io.kvmapper.it.queries;

import io.kvmapper.CrudRepository;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import io.kvmapper.annotation.AllowScan;
import io.kvmapper.annotation.Repository;
import io.kvmapper.it.Color;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Every form of the query vocabulary over {@link Item}: the key (prefixes, a range over the descending rank, In over
 * partitions, StartingWith over the partition), each index (equality, ranges, StartingWith, In, IsNull, a
 * collection, a unique one, composites with ranges and OrderBy), Or across indexes, filters, scans allowed on
 * purpose, limits, pages, streams, counts, exists and deletes. {@link ApkItemQueries} is the same over the
 * attribute-per-key layout.
 */
@Repository
public interface ItemQueries extends CrudRepository<Item, ItemRepository.Key> {
    ItemQueries with(Transaction tx);

    List<Item> findByShelf(String shelf);

    List<Item> findByShelfAndRankBetween(String shelf, long from, long to);

    List<Item> findByShelfOrderByRankAsc(String shelf);

    Page<Item> findByShelfOrderByRankAsc(String shelf, PageRequest page);

    Optional<Item> findFirstByShelf(String shelf);

    List<Item> findTop3ByShelfAndRankLessThan(String shelf, long rank);

    List<Item> findByShelfIn(Collection<String> shelves);

    Page<Item> findByShelfIn(Collection<String> shelves, PageRequest page);

    List<Item> findByShelfInOrderByRankDesc(Collection<String> shelves);

    Page<Item> findByShelfInOrderByRankDesc(Collection<String> shelves, PageRequest page);

    List<Item> findByShelfStartingWith(String prefix);

    List<Item> findByShelfAndCode(String shelf, String code);

    List<Item> findByName(String name);

    Page<Item> findByName(String name, PageRequest page);

    List<Item> findByNameStartingWith(String prefix);

    List<Item> findTop5ByNameStartingWithOrderByNameDesc(String prefix);

    List<Item> findByNameIn(Collection<String> names);

    List<Item> findByColorAndActive(Color color, boolean active);

    List<Item> findByColorIsNull();

    List<Item> findByGroupAndScoreGreaterThanEqual(String group, Integer score);

    List<Item> findByGroupAndScoreGreaterThanAndScoreLessThanEqual(String group, Integer low, Integer high);

    List<Item> findByGroupOrderByScoreDesc(String group);

    List<Item> findByGroupInOrderByScore(Collection<String> groups);

    Page<Item> findByGroupInOrderByScore(Collection<String> groups, PageRequest page);

    List<Item> findByTags(String tag);

    List<Item> findByTagsIn(Collection<String> tags);

    Page<Item> findByTagsIn(Collection<String> tags, PageRequest page);

    List<Item> findByPlaceCity(String city);

    List<Item> findByPlaceCityAndRankLessThan(String city, long rank);

    List<Item> findByPlaceCityIsNull();

    Optional<Item> findBySerial(String serial);

    List<Item> findBySerialOrName(String serial, String name);

    List<Item> findByNameOrTags(String name, String tag);

    Page<Item> findByNameOrTags(String name, String tag, PageRequest page);

    List<Item> findByNameOrColorAndActiveTrue(String name, Color color);

    List<Item> findByColorAndScoreBetween(Color color, Integer from, Integer to);

    @AllowScan
    List<Item> findByScoreLessThan(Integer score);

    @AllowScan
    Page<Item> findByActiveTrue(PageRequest page);

    Stream<Item> streamByColor(Color color);

    long countByColor(Color color);

    long countByName(String name);

    long countByShelf(String shelf);

    long countByTagsIn(Collection<String> tags);

    boolean existsByName(String name);

    boolean existsByShelfAndRankGreaterThan(String shelf, long rank);

    long deleteByName(String name);

    long deleteByShelfAndRankLessThan(String shelf, long rank);
}
