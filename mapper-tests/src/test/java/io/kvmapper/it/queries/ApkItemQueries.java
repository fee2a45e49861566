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

/** {@link ItemQueries} over {@link ApkItem}, stored one key per attribute: the same methods, the same answers. */
@Repository
public interface ApkItemQueries extends CrudRepository<ApkItem, ApkItemRepository.Key> {
    ApkItemQueries with(Transaction tx);

    List<ApkItem> findByShelf(String shelf);

    List<ApkItem> findByShelfAndRankBetween(String shelf, long from, long to);

    List<ApkItem> findByShelfOrderByRankAsc(String shelf);

    Page<ApkItem> findByShelfOrderByRankAsc(String shelf, PageRequest page);

    Optional<ApkItem> findFirstByShelf(String shelf);

    List<ApkItem> findTop3ByShelfAndRankLessThan(String shelf, long rank);

    List<ApkItem> findByShelfIn(Collection<String> shelves);

    Page<ApkItem> findByShelfIn(Collection<String> shelves, PageRequest page);

    List<ApkItem> findByShelfInOrderByRankDesc(Collection<String> shelves);

    Page<ApkItem> findByShelfInOrderByRankDesc(Collection<String> shelves, PageRequest page);

    List<ApkItem> findByShelfStartingWith(String prefix);

    List<ApkItem> findByShelfAndCode(String shelf, String code);

    List<ApkItem> findByName(String name);

    Page<ApkItem> findByName(String name, PageRequest page);

    List<ApkItem> findByNameStartingWith(String prefix);

    List<ApkItem> findTop5ByNameStartingWithOrderByNameDesc(String prefix);

    List<ApkItem> findByNameIn(Collection<String> names);

    List<ApkItem> findByColorAndActive(Color color, boolean active);

    List<ApkItem> findByColorIsNull();

    List<ApkItem> findByGroupAndScoreGreaterThanEqual(String group, Integer score);

    List<ApkItem> findByGroupAndScoreGreaterThanAndScoreLessThanEqual(String group, Integer low, Integer high);

    List<ApkItem> findByGroupOrderByScoreDesc(String group);

    List<ApkItem> findByGroupInOrderByScore(Collection<String> groups);

    Page<ApkItem> findByGroupInOrderByScore(Collection<String> groups, PageRequest page);

    List<ApkItem> findByTags(String tag);

    List<ApkItem> findByTagsIn(Collection<String> tags);

    Page<ApkItem> findByTagsIn(Collection<String> tags, PageRequest page);

    List<ApkItem> findByPlaceCity(String city);

    List<ApkItem> findByPlaceCityAndRankLessThan(String city, long rank);

    List<ApkItem> findByPlaceCityIsNull();

    Optional<ApkItem> findBySerial(String serial);

    List<ApkItem> findBySerialOrName(String serial, String name);

    List<ApkItem> findByNameOrTags(String name, String tag);

    Page<ApkItem> findByNameOrTags(String name, String tag, PageRequest page);

    List<ApkItem> findByNameOrColorAndActiveTrue(String name, Color color);

    List<ApkItem> findByColorAndScoreBetween(Color color, Integer from, Integer to);

    @AllowScan
    List<ApkItem> findByScoreLessThan(Integer score);

    @AllowScan
    Page<ApkItem> findByActiveTrue(PageRequest page);

    Stream<ApkItem> streamByColor(Color color);

    long countByColor(Color color);

    long countByName(String name);

    long countByShelf(String shelf);

    long countByTagsIn(Collection<String> tags);

    boolean existsByName(String name);

    boolean existsByShelfAndRankGreaterThan(String shelf, long rank);

    long deleteByName(String name);

    long deleteByShelfAndRankLessThan(String shelf, long rank);
}
