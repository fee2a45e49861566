package com.example.dagger;

import jakarta.inject.Inject;
import java.util.List;

/** Depends on the generated repository, which Dagger builds through its @Inject constructor. */
final class Library {
    private final BookRepository books;

    @Inject
    Library(BookRepository books) {
        this.books = books;
    }

    void shelve(String isbn, String title, String author) {
        books.save(new Book(isbn, title, author));
    }

    List<Book> by(String author) {
        return books.findByAuthor(author);
    }
}
