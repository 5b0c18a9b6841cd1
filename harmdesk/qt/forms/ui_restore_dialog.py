# Compiled from ui/restore_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QHeaderView, QLabel, QSizePolicy, QTreeWidget,
    QTreeWidgetItem, QVBoxLayout, QWidget)

class Ui_RestoreDialog(object):
    def setupUi(self, RestoreDialog):
        if not RestoreDialog.objectName():
            RestoreDialog.setObjectName(u"RestoreDialog")
        RestoreDialog.resize(640, 440)
        self.mainLayout = QVBoxLayout(RestoreDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.introLabel = QLabel(RestoreDialog)
        self.introLabel.setObjectName(u"introLabel")
        self.introLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.introLabel)

        self.backupList = QTreeWidget(RestoreDialog)
        self.backupList.setObjectName(u"backupList")
        self.backupList.setRootIsDecorated(False)
        self.backupList.setUniformRowHeights(True)
        self.backupList.setAlternatingRowColors(True)

        self.mainLayout.addWidget(self.backupList)

        self.detailsLabel = QLabel(RestoreDialog)
        self.detailsLabel.setObjectName(u"detailsLabel")
        self.detailsLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.detailsLabel.setWordWrap(True)
        self.detailsLabel.setTextInteractionFlags(Qt.TextSelectableByMouse)

        self.mainLayout.addWidget(self.detailsLabel)

        self.messageLabel = QLabel(RestoreDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.buttonBox = QDialogButtonBox(RestoreDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok)

        self.mainLayout.addWidget(self.buttonBox)


        self.retranslateUi(RestoreDialog)
        self.buttonBox.accepted.connect(RestoreDialog.accept)
        self.buttonBox.rejected.connect(RestoreDialog.reject)

        QMetaObject.connectSlotsByName(RestoreDialog)
    # setupUi

    def retranslateUi(self, RestoreDialog):
        RestoreDialog.setWindowTitle(QCoreApplication.translate("RestoreDialog", u"Restore from a backup", None))
        self.introLabel.setText(QCoreApplication.translate("RestoreDialog", u"Restoring puts back every campaign as the backup holds it. The data file it replaces is backed up first, so a restore can be undone by restoring that copy.", None))
        ___qtreewidgetitem = self.backupList.headerItem()
        ___qtreewidgetitem.setText(2, QCoreApplication.translate("RestoreDialog", u"Holds", None))
        ___qtreewidgetitem.setText(1, QCoreApplication.translate("RestoreDialog", u"Why", None))
        ___qtreewidgetitem.setText(0, QCoreApplication.translate("RestoreDialog", u"Made", None))
#if QT_CONFIG(accessibility)
        self.backupList.setAccessibleName(QCoreApplication.translate("RestoreDialog", u"Backups, newest first", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.backupList.setToolTip(QCoreApplication.translate("RestoreDialog", u"Double-click or press Enter to restore", None))
#endif // QT_CONFIG(tooltip)
        self.detailsLabel.setText("")
#if QT_CONFIG(accessibility)
        self.detailsLabel.setAccessibleName(QCoreApplication.translate("RestoreDialog", u"What the chosen backup holds", None))
#endif // QT_CONFIG(accessibility)
        self.messageLabel.setText("")
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("RestoreDialog", u"Why this backup cannot be restored", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

