# Compiled from ui/edit_entry.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QFormLayout, QFrame, QLabel, QScrollArea,
    QSizePolicy, QSpacerItem, QVBoxLayout, QWidget)

class Ui_EditEntryDialog(object):
    def setupUi(self, EditEntryDialog):
        if not EditEntryDialog.objectName():
            EditEntryDialog.setObjectName(u"EditEntryDialog")
        EditEntryDialog.resize(480, 420)
        self.mainLayout = QVBoxLayout(EditEntryDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.introLabel = QLabel(EditEntryDialog)
        self.introLabel.setObjectName(u"introLabel")
        self.introLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.introLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.introLabel)

        self.fieldsScroll = QScrollArea(EditEntryDialog)
        self.fieldsScroll.setObjectName(u"fieldsScroll")
        self.fieldsScroll.setFrameShape(QFrame.NoFrame)
        self.fieldsScroll.setWidgetResizable(True)
        self.fieldsContents = QWidget()
        self.fieldsContents.setObjectName(u"fieldsContents")
        self.fieldsOuter = QVBoxLayout(self.fieldsContents)
        self.fieldsOuter.setObjectName(u"fieldsOuter")
        self.fieldsForm = QFormLayout()
        self.fieldsForm.setObjectName(u"fieldsForm")
        self.fieldsForm.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)

        self.fieldsOuter.addLayout(self.fieldsForm)

        self.fieldsEnd = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.fieldsOuter.addItem(self.fieldsEnd)

        self.fieldsScroll.setWidget(self.fieldsContents)

        self.mainLayout.addWidget(self.fieldsScroll)

        self.messageLabel = QLabel(EditEntryDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.buttonBox = QDialogButtonBox(EditEntryDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok)

        self.mainLayout.addWidget(self.buttonBox)

        self.mainLayout.setStretch(1, 1)

        self.retranslateUi(EditEntryDialog)
        self.buttonBox.accepted.connect(EditEntryDialog.accept)
        self.buttonBox.rejected.connect(EditEntryDialog.reject)

        QMetaObject.connectSlotsByName(EditEntryDialog)
    # setupUi

    def retranslateUi(self, EditEntryDialog):
        EditEntryDialog.setWindowTitle(QCoreApplication.translate("EditEntryDialog", u"Edit an entry", None))
#if QT_CONFIG(accessibility)
        self.introLabel.setAccessibleName(QCoreApplication.translate("EditEntryDialog", u"The entry being edited", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(accessibility)
        self.fieldsContents.setAccessibleName(QCoreApplication.translate("EditEntryDialog", u"What the entry was", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("EditEntryDialog", u"Problem with the input", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

