"""The package's version: the version of libmindgames it is made for."""

__version__ = "1.6.1"
